import { App, Validations, type StackProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks } from 'cdk-nag';
import { BACKEND_VERSION, FRONTEND_VERSION } from '../../shared/versions';
import { ApiStack } from './api-stack';
import { DataStack } from './data-stack';
import { DevicesStack } from './devices-stack';
import { IdentityStack } from './identity-stack';
import { acknowledgeFindings } from './nag';
import { WebStack } from './web-stack';

export interface PortalOptions {
  /** The built web (web/build.ts). */
  webDir: string;
  /** The verified SES identity the portal mails from. */
  mailFrom: string;
  /** The reCAPTCHA site key the web uses (its secret is in Secrets Manager). */
  recaptchaSiteKey: string;
  env?: StackProps['env'];
}

/** Every stack of the portal, with cdk-nag's AwsSolutions and HIPAA Security packs checking them. */
export function buildPortal(app: App, options: PortalOptions) {
  const env = options.env;
  const data = new DataStack(app, 'PdPortalData', { env });
  const identity = new IdentityStack(app, 'PdPortalIdentity', { env });
  const devices = new DevicesStack(app, 'PdPortalDevices', { env, table: data.table });
  const api = new ApiStack(app, 'PdPortalApi', {
    env,
    table: data.table,
    userPool: identity.userPool,
    client: identity.client,
    imagesBucket: data.imagesBucket,
    iotDataEndpoint: devices.iotDataEndpoint,
    mailFrom: options.mailFrom,
    backendVersion: BACKEND_VERSION,
  });
  const web = new WebStack(app, 'PdPortalWeb', {
    env,
    api: api.api,
    webDir: options.webDir,
    logBucket: data.logBucket,
    imagesBucket: data.imagesBucket,
    runtimeConfig: {
      apiBase: '/api/v1/webapp',
      frontendVersion: FRONTEND_VERSION,
      backendVersion: BACKEND_VERSION,
      idleTimeoutMs: 900_000,
      humanVerification: { kind: 'recaptcha', siteKey: options.recaptchaSiteKey },
    },
  });
  const stacks = { data, identity, devices, api, web };
  for (const stack of Object.values(stacks)) acknowledgeFindings(stack);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }), new HIPAASecurityChecks(app, { verbose: true }));
  return stacks;
}

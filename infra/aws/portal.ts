import { App, type StackProps } from 'aws-cdk-lib';
import { BACKEND_VERSION, FRONTEND_VERSION } from '@shared/versions';
import { ApiStack, type ApiDomain } from './api-stack';
import { DataStack } from './data-stack';
import { DevicesStack } from './devices-stack';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import { IdentityStack } from './identity-stack';
import { checkWithCdkNag } from './nag';
import type { RouteTable } from './route-table';
import { WebStack, type SiteDomain } from './web-stack';

export interface PortalOptions {
  /** The built web (web/build.ts). */
  webDir: string;
  /** The verified SES identity the portal mails from. */
  mailFrom: string;
  /** The reCAPTCHA site key the web uses (its secret is in Secrets Manager). */
  recaptchaSiteKey: string;
  env?: StackProps['env'];
  /** The site's domain and its us-east-1 certificate (context `domainName`, `certificateArn`). */
  domain?: SiteDomain;
  /** The API's domain and its regional certificate (context `apiDomainName`, `apiCertificateArn`); turns off the execute-api endpoint. */
  apiDomain?: ApiDomain;
  /** The origin-verify secret's version CloudFront sends (context `originVerifyVersion`, after a rotation). */
  originVerifyVersion?: string;
  /** The portal's address for links in notices (context `portalUrl`); the site's domain when set. */
  portalUrl?: string;
  /** Where operations alarms are mailed (context `opsEmail`). */
  opsEmail?: string;
  /** Days each audit record stays locked in the write-once archive (context `auditRetentionDays`); six years by default. */
  auditRetentionDays?: number;
  /** The routes to deploy (tests); the route table of shared/api/routes.ts by default. */
  routeTable?: RouteTable;
}

/** Every stack of the portal, with cdk-nag's AWS Solutions, HIPAA Security and NIST 800-53 rev 5 packs checking them. */
export function buildPortal(app: App, options: PortalOptions) {
  const env = options.env;
  const data = new DataStack(app, 'PdPortalData', {
    env,
    siteOrigin: options.domain && `https://${options.domain.domainName}`,
    opsEmail: options.opsEmail,
    auditRetentionDays: options.auditRetentionDays,
  });
  const identity = new IdentityStack(app, 'PdPortalIdentity', { env, table: data.table, logKey: data.logKey, alarmTopic: data.alarmTopic });
  const devices = new DevicesStack(app, 'PdPortalDevices', {
    env,
    table: data.table,
    alarmTopic: data.alarmTopic,
    logKey: data.logKey,
    mailFrom: options.mailFrom,
    // The distribution's own domain is known only after the web stack, which depends on this one: set `portalUrl` without a domain.
    portalUrl: options.portalUrl ?? (options.domain ? `https://${options.domain.domainName}` : 'https://portal.invalid'),
  });
  const api = new ApiStack(app, 'PdPortalApi', {
    env,
    table: data.table,
    userPool: identity.userPool,
    client: identity.client,
    pendingTokenKey: identity.pendingTokenKey,
    imagesBucket: data.imagesBucket,
    iotDataEndpoint: devices.iotDataEndpoint,
    mailFrom: options.mailFrom,
    backendVersion: BACKEND_VERSION,
    alarmTopic: data.alarmTopic,
    logKey: data.logKey,
    apiDomain: options.apiDomain,
    routeTable: options.routeTable,
    liveIdentityPoolId: identity.liveIdentityPool.ref,
  });
  const edge = new EdgeStack(app, 'PdPortalEdge', { env: { account: env?.account, region: EDGE_REGION } });
  const web = new WebStack(app, 'PdPortalWeb', {
    env,
    apiOriginDomainName: api.originDomainName,
    originVerifySecret: api.originVerifySecret,
    originVerifyVersion: options.originVerifyVersion,
    domain: options.domain,
    webDir: options.webDir,
    logBucket: data.logBucket,
    imagesBucket: data.imagesBucket,
    // The live screens' MQTT over WebSocket to IoT Core, and the identity pool's credentials.
    liveConnectSources: [devices.iotDataEndpoint.replace('https://', 'wss://'), `https://cognito-identity.${identity.region}.amazonaws.com`],
    runtimeConfig: {
      apiBase: '/api/v1/webapp',
      frontendVersion: FRONTEND_VERSION,
      backendVersion: BACKEND_VERSION,
      idleTimeoutMs: 900_000,
      humanVerification: { kind: 'recaptcha', siteKey: options.recaptchaSiteKey },
      live: {
        kind: 'iot',
        endpoint: devices.iotDataEndpoint,
        region: identity.region,
        identityPoolId: identity.liveIdentityPool.ref,
        userPoolId: identity.userPool.userPoolId,
        userPoolClientId: identity.client.userPoolClientId,
      },
    },
  });
  web.addStackDependency(edge, 'reads the web ACL ARN the edge stack leaves in SSM');
  checkWithCdkNag(app);
  return { data, identity, devices, api, edge, web };
}

import { App } from 'aws-cdk-lib';
import path from 'node:path';
import { buildWeb } from '../web/build';
import { buildPortal } from './aws/portal';

/** The CDK app (`npx cdk synth`, `npx cdk deploy --all`): builds the web, then the portal's stacks. */
async function main(): Promise<void> {
  const app = new App();
  const context = (key: string) => app.node.tryGetContext(key) as string | undefined;
  const domainName = context('domainName');
  const certificateArn = context('certificateArn');
  const apiDomainName = context('apiDomainName');
  const apiCertificateArn = context('apiCertificateArn');
  const webDir = path.resolve(__dirname, '..', 'dist', 'web');
  await buildWeb({ outdir: webDir, minify: true });
  buildPortal(app, {
    webDir,
    mailFrom: (app.node.tryGetContext('mailFrom') as string | undefined) ?? 'no-reply@example.com',
    recaptchaSiteKey: (app.node.tryGetContext('recaptchaSiteKey') as string | undefined) ?? 'set-recaptchaSiteKey-in-cdk-context',
    domain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    apiDomain: apiDomainName && apiCertificateArn ? { domainName: apiDomainName, certificateArn: apiCertificateArn } : undefined,
    opsEmail: context('opsEmail'),
    portalUrl: context('portalUrl'),
    originVerifyVersion: context('originVerifyVersion'),
    auditRetentionDays: context('auditRetentionDays') === undefined ? undefined : Number(context('auditRetentionDays')),
    env: process.env.CDK_DEFAULT_ACCOUNT ? { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION } : undefined,
  });
  app.synth();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

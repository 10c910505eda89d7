import { DeleteEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { issueLocalToken } from '@functions/lib/human-verification';
import { mailer } from '@functions/lib/mailer';
import { signedInUser, useApi } from '@test/support/api';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { verifyMailIdentity } from '@test/support/moto-aws';

useTestTable();
useTestUserPool();
const moto = useMoto({ endpointsFor: ['SESV2'] });
const api = useApi();
// The mailing Lambdas' configuration on AWS (infra/aws/api-stack.ts): SES, from the deployment's mailFrom.
const MAIL_DOMAIN = 'clinic.example';
Object.assign(process.env, { MAIL_TRANSPORT: 'ses', MAIL_FROM: `no-reply@${MAIL_DOMAIN}` });

/**
 * The portal's mail on AWS (functions/lib/mailer.ts) through the SDK's SES v2 client, pointed at
 * moto. moto, as SES, sends only from a verified identity; what it accepted is read from its
 * backend (the mails SES keeps as sent), which is what a recipient would get.
 */
beforeAll(() => verifyMailIdentity(MAIL_DOMAIN));

/** The mails SES accepted for an address: sender, subject and text. */
async function sentTo(address: string) {
  const { Message = [] } = await moto.models('ses');
  return Message.filter((message) => (message.destinations as { ToAddresses?: string[] }).ToAddresses?.includes(address)).map((message) => ({
    from: message.source,
    subject: message.subject,
    text: message.body,
  }));
}

const requestRecovery = (Email: string) =>
  api.call('POST', '/forgetPass', { body: { Email, reCaptchaToken: issueLocalToken(process.env.LOCAL_VERIFIER_SECRET!) } });

describe('mail through SES', () => {
  it('sends from the verified sender, to the address, with the subject and text given', async () => {
    const mail = { to: 'someone@hospital.example', subject: 'PD Clinic Portal: a test', text: 'Hello,\n\nA line of text.\n' };
    await mailer().send(mail);
    expect(await sentTo(mail.to)).toEqual([{ from: process.env.MAIL_FROM, subject: mail.subject, text: mail.text }]);
  });

  it('a recovery asked for through the API reaches SES with the temporary password', async () => {
    const { user } = await signedInUser('Doctor');
    expect(await requestRecovery(user.Email)).toEqual({ status: 200, body: { sent: true } });
    const [mail, ...more] = await sentTo(user.Email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ from: process.env.MAIL_FROM, subject: 'PD Clinic Portal: your temporary password' });
    expect(mail!.text).toMatch(/Your temporary password is: \S{12}\n/);
  });

  it('fails, and the caller sees it, when the sender is not verified: nothing is sent', async () => {
    const ses = new SESv2Client({});
    await ses.send(new DeleteEmailIdentityCommand({ EmailIdentity: MAIL_DOMAIN }));
    try {
      const to = 'someone-else@hospital.example';
      await expect(mailer().send({ to, subject: 'never sent', text: '' })).rejects.toMatchObject({
        name: 'MessageRejected',
        $metadata: { httpStatusCode: 400 },
      });
      expect(await sentTo(to)).toEqual([]);
      const { user } = await signedInUser('Nurse');
      expect((await requestRecovery(user.Email)).status).toBe(500);
      expect(await sentTo(user.Email)).toEqual([]);
    } finally {
      await verifyMailIdentity(MAIL_DOMAIN);
      ses.destroy();
    }
  });
});

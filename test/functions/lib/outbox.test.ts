import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { outboxMailer } from '@functions/lib/mailer';
import { outboxSender } from '@functions/lib/sms';

/** The local stand-ins for SES and SNS: a file per message, which the demo and the tests read. */
describe('the local outboxes', () => {
  it('keep every mail and SMS, even many to one recipient in the same millisecond', async () => {
    const mails = mkdtempSync(path.join(os.tmpdir(), 'outbox-mail-'));
    const texts = mkdtempSync(path.join(os.tmpdir(), 'outbox-sms-'));
    const mailer = outboxMailer(mails);
    const sms = outboxSender(texts);
    // An escalation run sends its notices to the one clinician on call at once.
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => [
        mailer.send({ to: 'oncall@clinic.example', subject: `Notice ${i}`, text: `Patient ${i}` }),
        sms.send({ to: '+972 4 555 0150', text: `Patient ${i}` }),
      ]).flat(),
    );
    const mailFiles = readdirSync(mails).filter((name) => name.endsWith('-oncall@clinic.example.json'));
    expect(mailFiles.map((name) => (JSON.parse(readFileSync(path.join(mails, name), 'utf8')) as { subject: string }).subject).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `Notice ${i}`).sort(),
    );
    expect(readdirSync(texts).filter((name) => name.endsWith('-+97245550150.json'))).toHaveLength(30);
  });
});

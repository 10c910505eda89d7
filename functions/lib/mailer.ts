import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SES on AWS, from MAIL_FROM. */
export function sesMailer(from: string): Mailer {
  const client = new SESv2Client({});
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          Content: { Simple: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } } },
        }),
      );
    },
  };
}

/** Locally: each mail a JSON file in the outbox folder, and a console line saying where. */
export function outboxMailer(dir: string): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to}.json`);
      await writeFile(file, JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2));
      console.log(`[mail] to ${mail.to}: "${mail.subject}" (${file})`);
    },
  };
}

let configured: Mailer | undefined;

/** The mailer the configuration names: MAIL_TRANSPORT=ses (with MAIL_FROM) or outbox (with MAIL_OUTBOX_DIR). */
export function mailer(): Mailer {
  if (!configured) {
    const transport = process.env.MAIL_TRANSPORT;
    if (transport === 'ses' && process.env.MAIL_FROM) configured = sesMailer(process.env.MAIL_FROM);
    else if (transport === 'outbox' && process.env.MAIL_OUTBOX_DIR) configured = outboxMailer(process.env.MAIL_OUTBOX_DIR);
    else throw new Error('MAIL_TRANSPORT must be ses (with MAIL_FROM) or outbox (with MAIL_OUTBOX_DIR)');
  }
  return configured;
}

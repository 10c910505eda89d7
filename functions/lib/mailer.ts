import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from './environment';
import { outboxFileName } from './outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SES on AWS, from MAIL_FROM; its SDK loaded with the first mail, not with every Lambda that might send one. */
export function sesMailer(from: string): Mailer {
  let client: SESv2Client | undefined;
  return {
    async send(mail) {
      const { SendEmailCommand, SESv2Client } = await import('@aws-sdk/client-sesv2');
      client ??= new SESv2Client({});
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
      const file = path.join(dir, outboxFileName(mail.to));
      await writeFile(file, JSON.stringify({ ...mail, sentAt: new Date().toISOString() }, null, 2), { flag: 'wx' });
      console.log(`[mail] to ${mail.to}: "${mail.subject}" (${file})`);
    },
  };
}

let configured: Mailer | undefined;

/** The mailer the configuration names: MAIL_TRANSPORT=ses (with MAIL_FROM) or outbox (with MAIL_OUTBOX_DIR). */
export function mailer(): Mailer {
  if (!configured) {
    configured = env('MAIL_TRANSPORT') === 'ses' ? sesMailer(env('MAIL_FROM')) : outboxMailer(env('MAIL_OUTBOX_DIR'));
  }
  return configured;
}

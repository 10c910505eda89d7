import type { SNSClient } from '@aws-sdk/client-sns';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from './environment';
import { outboxFileName } from './outbox';

export interface Sms {
  /** E.164 or as the clinic wrote it (`+972 4 555 0101`); spaces and hyphens are dropped before sending. */
  to: string;
  text: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** SNS takes numbers in E.164: the plus and the digits. */
export const e164 = (phone: string) => phone.replace(/[^\d+]/g, '');

/** SNS Publish to a phone number on AWS, as a transactional message; its SDK loaded with the first SMS. */
export function snsSender(): SmsSender {
  let client: SNSClient | undefined;
  return {
    async send(sms) {
      const { PublishCommand, SNSClient } = await import('@aws-sdk/client-sns');
      client ??= new SNSClient({});
      await client.send(
        new PublishCommand({
          PhoneNumber: e164(sms.to),
          Message: sms.text,
          // A clinical notice must not wait behind promotional traffic or be dropped for price.
          MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
        }),
      );
    },
  };
}

/** Locally: each SMS a JSON file in the SMS outbox folder, and a console line saying where. */
export function outboxSender(dir: string): SmsSender {
  return {
    async send(sms) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(e164(sms.to)));
      await writeFile(file, JSON.stringify({ to: e164(sms.to), text: sms.text, sentAt: new Date().toISOString() }, null, 2), { flag: 'wx' });
      console.log(`[sms] to ${e164(sms.to)} (${file})`);
    },
  };
}

let configured: SmsSender | undefined;

/** The SMS sender the configuration names: SMS_TRANSPORT=sns or outbox (with SMS_OUTBOX_DIR). */
export function smsSender(): SmsSender {
  configured ??= env('SMS_TRANSPORT') === 'sns' ? snsSender() : outboxSender(env('SMS_OUTBOX_DIR'));
  return configured;
}

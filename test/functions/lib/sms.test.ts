import { snsSender, smsSender } from '@functions/lib/sms';
import { useMoto } from '@test/support/moto';

const moto = useMoto({ endpointsFor: ['SNS'] });
// The escalation check's configuration on AWS (infra/aws/devices-stack.ts): SMS through SNS.
Object.assign(process.env, { SMS_TRANSPORT: 'sns' });

/**
 * The escalation's SMS on AWS (functions/lib/sms.ts) through the SDK's SNS client, pointed at
 * moto: what reached SNS is read from moto's recording of the requests it took, and a number SNS
 * refuses fails the send, so the check retries the patient instead of recording a notice.
 */
describe('SMS through SNS', () => {
  it('publishes the text to the number in E.164, as a transactional SMS', async () => {
    await moto.startRecording();
    await smsSender().send({
      to: '+972 4-555 0150',
      text: 'PD portal: unresolved alert, patient p-1. https://portal.example/patient/exchanges?patientId=p-1&notice=1',
    });
    const publishes = (await moto.recordedRequests())
      .map((request) => new URLSearchParams(request.body.toString()))
      .filter((form) => form.get('Action') === 'Publish');
    expect(publishes).toHaveLength(1);
    const [form] = publishes;
    expect(form!.get('PhoneNumber')).toBe('+97245550150');
    expect(form!.get('Message')).toBe('PD portal: unresolved alert, patient p-1. https://portal.example/patient/exchanges?patientId=p-1&notice=1');
    expect(form!.get('MessageAttributes.entry.1.Name')).toBe('AWS.SNS.SMS.SMSType');
    expect(form!.get('MessageAttributes.entry.1.Value.StringValue')).toBe('Transactional');
  });

  it('fails, and the caller sees it, when SNS refuses the number', async () => {
    await expect(snsSender().send({ to: 'not a number', text: 'never sent' })).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 } });
  });
});

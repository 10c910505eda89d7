import { devicePublisher, publishNotice } from '@functions/lib/device-publisher';
import { DEVICE_MQTT_QOS, deviceDownExamples, deviceDownSchemas, deviceTopics, parseDownTopic } from '@shared/device';
import { changeNoticeSchema, changeNoticeTopic, type ChangeNotice } from '@shared/live';
import { randomSerialNumber } from '@test/support/devices';
import { useMoto } from '@test/support/moto';

const moto = useMoto({ endpointsFor: ['IOT_DATA_PLANE'] });

/**
 * The backend's publishes on AWS (functions/lib/device-publisher.ts) through the SDK's IoT data
 * plane client, pointed at moto by AWS_ENDPOINT_URL_IOT_DATA_PLANE as the stacks point it at the
 * account's endpoint. moto's Publish keeps nothing a test can read, so what reached it is read
 * from its recorder: each request's topic, QoS, retain flag and payload, as IoT Core takes them.
 */
async function publishes() {
  const requests = (await moto.recordedRequests()).filter((request) => request.url.pathname.startsWith('/topics/'));
  return requests.map((request) => ({
    method: request.method,
    topic: decodeURIComponent(request.url.pathname.slice('/topics/'.length)),
    qos: request.url.searchParams.get('qos'),
    retain: request.url.searchParams.get('retain'),
    payload: request.body.toString('utf8'),
  }));
}

beforeEach(() => moto.startRecording());

describe('the publishes to devices and screens reach IoT Core as the device protocol says', () => {
  it("retains a device's prescription, at QoS 1, on its own prescription topic, as the device reads it", async () => {
    const prescription = { ...deviceDownExamples.prescription, SerialNumber: randomSerialNumber() };
    await devicePublisher.prescription(prescription);
    const [published, ...more] = await publishes();
    expect(more).toEqual([]);
    expect(published).toMatchObject({
      method: 'POST',
      topic: deviceTopics.prescription(prescription.SerialNumber),
      qos: String(DEVICE_MQTT_QOS),
      retain: 'true',
    });
    expect(parseDownTopic(published!.topic)).toEqual({ serialNumber: prescription.SerialNumber, kind: 'prescription' });
    expect(deviceDownSchemas.prescription.parse(JSON.parse(published!.payload))).toEqual(prescription);
  });

  it("retains a device's settings, at QoS 1, on its settings topic", async () => {
    const serialNumber = randomSerialNumber();
    await devicePublisher.settings(serialNumber, deviceDownExamples.settings);
    const [published, ...more] = await publishes();
    expect(more).toEqual([]);
    expect(published).toMatchObject({ topic: deviceTopics.settings(serialNumber), qos: String(DEVICE_MQTT_QOS), retain: 'true' });
    expect(deviceDownSchemas.settings.parse(JSON.parse(published!.payload))).toEqual(deviceDownExamples.settings);
  });

  it('removes a retained prescription with an empty retained message on the same topic', async () => {
    const serialNumber = randomSerialNumber();
    await devicePublisher.clearPrescription(serialNumber);
    expect(await publishes()).toEqual([
      { method: 'POST', topic: deviceTopics.prescription(serialNumber), qos: String(DEVICE_MQTT_QOS), retain: 'true', payload: '' },
    ]);
  });

  it("tells the screens with a change notice at QoS 0, not retained, on the clinic's notice topic", async () => {
    const notice: ChangeNotice = { kind: 'exchange', DeviceID: 'device-1', PatientID: 'patient-1', ClinicID: 'clinic-1', ServiceProviderID: 'sp-1' };
    await publishNotice(changeNoticeTopic(notice), notice);
    const [published, ...more] = await publishes();
    expect(more).toEqual([]);
    expect(published).toMatchObject({ topic: 'portal/notices/provider/sp-1/clinic/clinic-1', qos: '0', retain: 'false' });
    expect(changeNoticeSchema.parse(JSON.parse(published!.payload))).toEqual(notice);
  });
});

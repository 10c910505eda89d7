import { DEVICE_UP_TOPIC_FILTER, deviceTopics, deviceUpExamples, parseDeviceUpMessage, parseDownTopic, parseUpTopic } from '@shared/device';

describe('device topics', () => {
  it('builds the up and down topics of a serial number', () => {
    expect(deviceTopics.exchange('100-00042')).toBe('pd/devices/100-00042/up/exchange');
    expect(deviceTopics.error('100-00042')).toBe('pd/devices/100-00042/up/error');
    expect(deviceTopics.prescriptionAck('100-00042')).toBe('pd/devices/100-00042/up/prescription-ack');
    expect(deviceTopics.prescription('100-00042')).toBe('pd/devices/100-00042/down/prescription');
    expect(deviceTopics.settings('100-00042')).toBe('pd/devices/100-00042/down/settings');
    expect(DEVICE_UP_TOPIC_FILTER).toBe('pd/devices/+/up/+');
  });

  it.each(['IDA000001', '100-0004', '100-000420', '+', '#', '100/00042', '100-0004#', ''])(
    'refuses to build a topic for %p, which is not a serial number',
    (serial) => {
      expect(() => deviceTopics.exchange(serial)).toThrow(/Not a device serial number/);
      expect(() => deviceTopics.prescription(serial)).toThrow(/Not a device serial number/);
    },
  );

  it('parses its own topics and nothing else', () => {
    expect(parseUpTopic('pd/devices/100-00042/up/exchange')).toEqual({ serialNumber: '100-00042', kind: 'exchange' });
    expect(parseUpTopic('pd/devices/100-00042/up/prescription-ack')).toEqual({ serialNumber: '100-00042', kind: 'prescription-ack' });
    expect(parseDownTopic('pd/devices/100-00042/down/settings')).toEqual({ serialNumber: '100-00042', kind: 'settings' });
    for (const topic of [
      'pd/devices/IDA000001/up/exchange',
      'pd/devices/100-00042/up/unknown',
      'pd/devices/100-00042/down/exchange',
      'pd/devices/100-00042/up/exchange/extra',
      'other/devices/100-00042/up/exchange',
      'pd/devices/+/up/exchange',
    ]) {
      expect(parseUpTopic(topic)).toBeUndefined();
    }
    expect(parseDownTopic('pd/devices/100-00042/up/exchange')).toBeUndefined();
  });
});

describe('parseDeviceUpMessage', () => {
  it('checks the payload against the schema of its topic', () => {
    const result = parseDeviceUpMessage('pd/devices/100-00042/up/exchange', deviceUpExamples.exchange);
    expect(result).toEqual({ success: true, message: { serialNumber: '100-00042', kind: 'exchange', payload: deviceUpExamples.exchange } });
  });

  it('rejects an unknown topic, and a payload of another kind with the reason', () => {
    expect(parseDeviceUpMessage('pd/devices/IDA000001/up/exchange', deviceUpExamples.exchange)).toEqual({ success: false, reason: 'unknown-topic' });
    const wrong = parseDeviceUpMessage('pd/devices/100-00042/up/exchange', deviceUpExamples.error);
    expect(wrong.success).toBe(false);
    if (wrong.success || wrong.reason !== 'invalid-payload') throw new Error('expected an invalid payload');
    expect(wrong.kind).toBe('exchange');
    expect(wrong.error.issues.map((issue) => issue.path.join('.'))).toContain('DrainVolume');
  });
});

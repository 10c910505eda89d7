import { iotRegistry, type IotControlPlane } from '@functions/lib/device-registry';

/**
 * Registration on AWS (functions/lib/device-registry.ts): the steps in order, and a failure at any
 * step undoes what the steps before it made, newest first. IoT Core's control plane has no local
 * twin, so this control plane records the calls it gets and fails where it is told to.
 */
function recordingIot(failAt?: keyof IotControlPlane) {
  const calls: string[] = [];
  const step =
    <A extends unknown[], R>(name: keyof IotControlPlane, result: R) =>
    (...args: A): Promise<R> => {
      calls.push(`${name}(${args.join(', ')})`);
      return name === failAt ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve(result);
    };
  const certificate = { certificateArn: 'arn:cert/c1', certificateId: 'c1', certificatePem: 'PEM', privateKey: 'KEY' };
  const iot: IotControlPlane = {
    createThing: step('createThing', undefined),
    createKeysAndCertificate: step('createKeysAndCertificate', certificate),
    attachPolicy: step('attachPolicy', undefined),
    attachThingPrincipal: step('attachThingPrincipal', undefined),
    detachPolicy: step('detachPolicy', undefined),
    deactivateCertificate: step('deactivateCertificate', undefined),
    deleteCertificate: step('deleteCertificate', undefined),
    deleteThing: step('deleteThing', undefined),
  };
  return { iot, calls };
}

const made = [
  'createThing(100-00042)',
  'createKeysAndCertificate()',
  'attachPolicy(pd-portal-device, arn:cert/c1)',
  'attachThingPrincipal(100-00042, arn:cert/c1)',
];

it('makes the thing, an active certificate with the device policy, attaches it, and answers the certificate and key', async () => {
  const { iot, calls } = recordingIot();
  const credentials = await iotRegistry(iot, 'pd-portal-device').register('100-00042');
  expect(credentials).toEqual({ kind: 'certificate', thingName: '100-00042', certificateArn: 'arn:cert/c1', certificatePem: 'PEM', privateKey: 'KEY' });
  expect(calls).toEqual(made);
});

it.each([
  ['createThing', []],
  ['createKeysAndCertificate', ['deleteThing(100-00042)']],
  ['attachPolicy', ['deactivateCertificate(c1)', 'deleteCertificate(c1)', 'deleteThing(100-00042)']],
  ['attachThingPrincipal', ['detachPolicy(pd-portal-device, arn:cert/c1)', 'deactivateCertificate(c1)', 'deleteCertificate(c1)', 'deleteThing(100-00042)']],
] as const)('a failed %s undoes what was made before it, newest first, and fails', async (failAt, undone) => {
  const { iot, calls } = recordingIot(failAt);
  await expect(iotRegistry(iot, 'pd-portal-device').register('100-00042')).rejects.toThrow(`${failAt} failed`);
  const attempted = made.findIndex((call) => call.startsWith(`${failAt}(`)) + 1;
  expect(calls).toEqual([...made.slice(0, attempted), ...undone]);
});

it('goes on undoing when an undo step fails, and reports the original failure', async () => {
  const { iot, calls } = recordingIot('attachThingPrincipal');
  iot.detachPolicy = () => {
    calls.push('detachPolicy failed');
    return Promise.reject(new Error('throttled'));
  };
  await expect(iotRegistry(iot, 'pd-portal-device').register('100-00042')).rejects.toThrow('attachThingPrincipal failed');
  expect(calls.slice(-4)).toEqual(['detachPolicy failed', 'deactivateCertificate(c1)', 'deleteCertificate(c1)', 'deleteThing(100-00042)']);
});

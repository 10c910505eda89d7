import { X509Certificate, createPublicKey } from 'node:crypto';
import {
  AttachThingPrincipalCommand,
  DescribeCertificateCommand,
  DescribeThingCommand,
  GetPolicyCommand,
  IoTClient,
  ListAttachedPoliciesCommand,
  ListCertificatesCommand,
  ListTargetsForPolicyCommand,
  ListThingPrincipalsCommand,
  ListThingsCommand,
} from '@aws-sdk/client-iot';
import { devicesRepository } from '@functions/data/devices-repository';
import { deviceRegistry } from '@functions/lib/device-registry';
import { DEVICE_POLICY_NAME, devicePolicyDocument } from '@infra/aws/devices-stack';
import { adminCalls } from '@test/support/admin-calls';
import { signedInUser, useApi } from '@test/support/api';
import { createTestProvider, randomSerialNumber } from '@test/support/devices';
import { useTestTable, useTestUserPool } from '@test/support/local-services';
import { useMoto } from '@test/support/moto';
import { MOTO_ACCOUNT, createDevicePolicy } from '@test/support/moto-aws';

useTestTable();
useTestUserPool();
useMoto({ endpointsFor: ['IOT'] });
const api = useApi();
// The registerDevice Lambda's configuration on AWS (infra/aws/api-stack.ts).
Object.assign(process.env, { DEVICE_REGISTRY: 'iot', DEVICE_POLICY_NAME });

/**
 * Registration on AWS (functions/lib/device-registry.ts) against moto's IoT control plane, through
 * the registry the configuration names and the client it makes: the device policy is the one
 * DevicesStack makes, and what registration leaves is read back from moto as an operator would
 * read it from IoT Core.
 */
let iot: IoTClient;
beforeAll(async () => {
  iot = new IoTClient({});
  await createDevicePolicy();
});
afterAll(() => iot.destroy());

const certificateIdOf = (arn: string) => arn.split('/').pop()!;

/** What IoT Core holds of a serial number: the thing, its principals, and each principal's certificate and policies. */
async function inIotCore(serialNumber: string) {
  const thing = await iot.send(new DescribeThingCommand({ thingName: serialNumber })).catch((error: Error) => error.name);
  if (typeof thing === 'string') return { thing };
  const { principals = [] } = await iot.send(new ListThingPrincipalsCommand({ thingName: serialNumber }));
  const certificates = await Promise.all(
    principals.map(async (principal) => {
      const { certificateDescription } = await iot.send(new DescribeCertificateCommand({ certificateId: certificateIdOf(principal) }));
      const { policies = [] } = await iot.send(new ListAttachedPoliciesCommand({ target: principal }));
      return {
        arn: principal,
        status: certificateDescription!.status,
        pem: certificateDescription!.certificatePem,
        policies: policies.map((p) => p.policyName),
      };
    }),
  );
  return { thing: thing.thingName, certificates };
}

/** Every certificate and thing moto holds: a failed registration must add none. */
async function everything() {
  const { certificates = [] } = await iot.send(new ListCertificatesCommand({}));
  const { things = [] } = await iot.send(new ListThingsCommand({}));
  return { certificates: certificates.map((c) => c.certificateId).sort(), things: things.map((t) => t.thingName).sort() };
}

const policyTargets = async () => ((await iot.send(new ListTargetsForPolicyCommand({ policyName: DEVICE_POLICY_NAME }))).targets ?? []).sort();

/** What registration answers (or throws) in a Lambda configured with another policy name: its modules of its own, read fresh. */
async function registerNaming(policyName: string, serialNumber: string): Promise<unknown> {
  let outcome: unknown;
  process.env.DEVICE_POLICY_NAME = policyName;
  try {
    await jest.isolateModulesAsync(async () => {
      const { deviceRegistry: isolated } = await import('@functions/lib/device-registry');
      outcome = await isolated()
        .register(serialNumber)
        .catch((error: unknown) => error);
    });
  } finally {
    process.env.DEVICE_POLICY_NAME = DEVICE_POLICY_NAME;
  }
  return outcome;
}

/** IoT Core throttles AttachThingPrincipal; every other call goes to moto (the SDK's overloads make the spy's type `never`). */
async function throttlingAttachThingPrincipal<T>(work: () => Promise<T>): Promise<T> {
  const original = IoTClient.prototype.send as (this: IoTClient, command: unknown) => Promise<unknown>;
  const send = (jest.spyOn(IoTClient.prototype, 'send') as jest.SpyInstance).mockImplementation(function (this: IoTClient, command: object) {
    if (command instanceof AttachThingPrincipalCommand) return Promise.reject(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    return original.call(this, command);
  });
  try {
    return await work();
  } finally {
    send.mockRestore();
  }
}

describe('registering a device with IoT Core', () => {
  it('makes the thing, an active certificate with the device policy attached to the thing, and answers a key that pairs with it', async () => {
    const serialNumber = randomSerialNumber();
    const credentials = await deviceRegistry().register(serialNumber);
    if (credentials.kind !== 'certificate') throw new Error(`expected a certificate, got ${credentials.kind}`);
    expect(credentials.thingName).toBe(serialNumber);

    expect(await inIotCore(serialNumber)).toEqual({
      thing: serialNumber,
      certificates: [{ arn: credentials.certificateArn, status: 'ACTIVE', pem: credentials.certificatePem, policies: [DEVICE_POLICY_NAME] }],
    });
    // The device connects with the answered key and certificate: they are one pair.
    const fromKey = createPublicKey(credentials.privateKey).export({ type: 'spki', format: 'der' });
    expect(new X509Certificate(credentials.certificatePem).publicKey.export({ type: 'spki', format: 'der' })).toEqual(fromKey);
    // The policy attached is the stack's, which lets the device use its own topics only.
    const { policyDocument } = await iot.send(new GetPolicyCommand({ policyName: DEVICE_POLICY_NAME }));
    expect(JSON.parse(policyDocument!)).toEqual(devicePolicyDocument(process.env.AWS_REGION!, MOTO_ACCOUNT));
  });

  it('leaves no thing or certificate behind, and fails, when the policy it names does not exist (a wrong DEVICE_POLICY_NAME)', async () => {
    const serialNumber = randomSerialNumber();
    const before = await everything();
    const failed = await registerNaming(`${DEVICE_POLICY_NAME}s`, serialNumber);
    expect(failed).toBeInstanceOf(Error);
    expect(failed).toMatchObject({ name: 'ResourceNotFoundException' });
    expect(await everything()).toEqual(before);
    expect(await inIotCore(serialNumber)).toEqual({ thing: 'ResourceNotFoundException' });
    // The serial number can be registered with the right name.
    expect(await deviceRegistry().register(serialNumber)).toMatchObject({ kind: 'certificate', thingName: serialNumber });
  });

  it('detaches the policy and removes the certificate and the thing, in the order IoT Core demands, when the last step fails', async () => {
    const serialNumber = randomSerialNumber();
    const before = await everything();
    const targetsBefore = await policyTargets();
    await expect(throttlingAttachThingPrincipal(() => deviceRegistry().register(serialNumber))).rejects.toMatchObject({ name: 'ThrottlingException' });
    // moto, as IoT Core, refuses to delete an active certificate, or one with a policy or thing attached.
    expect(await everything()).toEqual(before);
    expect(await policyTargets()).toEqual(targetsBefore);
  });
});

describe('the registerDevice route on AWS', () => {
  const calls = adminCalls(api);

  it('answers the certificate and key once, and takes the device back when IoT Core refuses', async () => {
    const admin = (await signedInUser('LiberDiAdmin')).user;
    const provider = await createTestProvider();
    const register = (SerialNumber: string) => calls.call('registerDevice', admin, { body: { SerialNumber, ServiceProviderID: provider.ServiceProviderID } });

    const serialNumber = randomSerialNumber();
    const registered = await register(serialNumber);
    expect(registered).toMatchObject({ status: 200, body: { credentials: { kind: 'certificate', thingName: serialNumber } } });
    expect(await inIotCore(serialNumber)).toMatchObject({ thing: serialNumber, certificates: [{ status: 'ACTIVE', policies: [DEVICE_POLICY_NAME] }] });

    const refused = randomSerialNumber();
    const before = await everything();
    expect((await throttlingAttachThingPrincipal(() => register(refused))).status).toBe(500);
    expect(await devicesRepository.getBySerialNumber(refused)).toBeUndefined();
    expect(await everything()).toEqual(before);
    expect((await register(refused)).status).toBe(200);
  });
});

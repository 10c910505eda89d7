import {
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  CreateKeysAndCertificateCommand,
  CreateThingCommand,
  DeleteCertificateCommand,
  DeleteThingCommand,
  DetachPolicyCommand,
  IoTClient,
  UpdateCertificateCommand,
} from '@aws-sdk/client-iot';
import { mockClient } from 'aws-sdk-client-mock';
import { awsIotControlPlane, iotRegistry } from '@functions/lib/device-registry';

/**
 * Registration on AWS (functions/lib/device-registry.ts) through the SDK's IoT client: the
 * requests in order, and a failure at any step undoes what the steps before it made, newest
 * first. A failure at each step, and of an undo, is injected with a mocked client
 * (aws-sdk-client-mock); device-registry-iot.test.ts runs registration against moto's IoT.
 */
const iot = mockClient(IoTClient);
const POLICY = 'pd-portal-device';
const CERTIFICATE = {
  certificateArn: 'arn:aws:iot:eu-west-1:1:cert/c1',
  certificateId: 'c1',
  certificatePem: 'PEM',
  keyPair: { PrivateKey: 'KEY', PublicKey: 'PUB' },
};

const commands = {
  CreateThingCommand,
  CreateKeysAndCertificateCommand,
  AttachPolicyCommand,
  AttachThingPrincipalCommand,
  DetachPolicyCommand,
  UpdateCertificateCommand,
  DeleteCertificateCommand,
  DeleteThingCommand,
} as const;
type Step = keyof typeof commands;

/** Answers every request as IoT Core does, except `failAt` (and `alsoFail`), which are refused. */
function answer(failAt?: Step, alsoFail?: Step) {
  iot.reset();
  for (const name of Object.keys(commands) as Step[]) {
    const behaviour = iot.on(commands[name] as never);
    if (name === failAt || name === alsoFail) behaviour.rejects(new Error(`${name} failed`));
    else behaviour.resolves(name === 'CreateKeysAndCertificateCommand' ? CERTIFICATE : {});
  }
}

/** The requests IoT Core received, each as its command name and the input that matters. */
const received = () =>
  iot.calls().map((call) => {
    const command = call.args[0] as unknown as { constructor: { name: string }; input: Record<string, unknown> };
    return `${command.constructor.name}(${Object.values(command.input).join(', ')})`;
  });

const registry = () => iotRegistry(awsIotControlPlane(new IoTClient({ region: 'eu-west-1' })), POLICY);

const made = [
  'CreateThingCommand(100-00042)',
  'CreateKeysAndCertificateCommand(true)',
  `AttachPolicyCommand(${POLICY}, ${CERTIFICATE.certificateArn})`,
  `AttachThingPrincipalCommand(100-00042, ${CERTIFICATE.certificateArn})`,
];
const undo = {
  thing: 'DeleteThingCommand(100-00042)',
  certificate: ['UpdateCertificateCommand(c1, INACTIVE)', 'DeleteCertificateCommand(c1)'],
  policy: `DetachPolicyCommand(${POLICY}, ${CERTIFICATE.certificateArn})`,
};

afterAll(() => iot.restore());

it('makes the thing, an active certificate with the device policy, attaches it, and answers the certificate and key', async () => {
  answer();
  const credentials = await registry().register('100-00042');
  expect(credentials).toEqual({
    kind: 'certificate',
    thingName: '100-00042',
    certificateArn: CERTIFICATE.certificateArn,
    certificatePem: 'PEM',
    privateKey: 'KEY',
  });
  expect(received()).toEqual(made);
});

it.each([
  ['CreateThingCommand', []],
  ['CreateKeysAndCertificateCommand', [undo.thing]],
  ['AttachPolicyCommand', [...undo.certificate, undo.thing]],
  ['AttachThingPrincipalCommand', [undo.policy, ...undo.certificate, undo.thing]],
] as const)('a failed %s undoes what was made before it, newest first, and fails', async (failAt, undone) => {
  answer(failAt);
  await expect(registry().register('100-00042')).rejects.toThrow(`${failAt} failed`);
  const attempted = made.findIndex((request) => request.startsWith(`${failAt}(`)) + 1;
  expect(received()).toEqual([...made.slice(0, attempted), ...undone]);
});

it('goes on undoing when an undo step fails, and reports the original failure', async () => {
  answer('AttachThingPrincipalCommand', 'DetachPolicyCommand');
  await expect(registry().register('100-00042')).rejects.toThrow('AttachThingPrincipalCommand failed');
  expect(received().slice(-4)).toEqual([undo.policy, ...undo.certificate, undo.thing]);
});

it('refuses an answer without the certificate or its key, and undoes the thing', async () => {
  answer();
  iot.on(CreateKeysAndCertificateCommand).resolves({ certificateArn: CERTIFICATE.certificateArn, certificateId: 'c1' });
  await expect(registry().register('100-00042')).rejects.toThrow('without the certificate or its key');
  expect(received()).toEqual([made[0], made[1], undo.thing]);
});

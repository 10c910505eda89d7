import type { IoTClient } from '@aws-sdk/client-iot';
import type { DeviceCredentials } from '@shared/api/devices';
import { deviceCredentials } from './device-credentials';
import { env } from './environment';
import { logger } from './powertools';

/**
 * Where a registered device gets what it connects with (docs/device-protocol.md, Connection): on
 * AWS an IoT thing named by its serial number with an active certificate carrying the device
 * policy; locally a secret of the broker. What `register` answers is handed to the caller once
 * and kept nowhere by the portal (locally only the secret's hash is kept, by the broker's store).
 */
export interface DeviceRegistry {
  /** Makes the device's credentials; when a step fails, undoes the steps made before it and throws. */
  register(serialNumber: string): Promise<DeviceCredentials>;
}

/**
 * The IoT Core control-plane calls registration makes (CreateThing, CreateKeysAndCertificate,
 * AttachPolicy, AttachThingPrincipal) and the ones that undo them. `awsIotControlPlane` maps them
 * onto the SDK's IoT client; tests hand in their own, since IoT's control plane has no local twin.
 */
export interface IotControlPlane {
  createThing(thingName: string): Promise<void>;
  /** An active certificate and its key pair. */
  createKeysAndCertificate(): Promise<{ certificateArn: string; certificateId: string; certificatePem: string; privateKey: string }>;
  attachPolicy(policyName: string, certificateArn: string): Promise<void>;
  attachThingPrincipal(thingName: string, certificateArn: string): Promise<void>;
  detachPolicy(policyName: string, certificateArn: string): Promise<void>;
  /** A certificate must be inactive before it can be deleted. */
  deactivateCertificate(certificateId: string): Promise<void>;
  deleteCertificate(certificateId: string): Promise<void>;
  deleteThing(thingName: string): Promise<void>;
}

/**
 * Registration on AWS: the thing (name = serial number), an active certificate and key, the
 * existing device policy on the certificate, the certificate on the thing. A failed step undoes
 * what the steps before it made, newest first (an undo that fails too is logged: the original
 * failure is what the caller sees), so a failed registration leaves no thing or certificate behind.
 */
export function iotRegistry(iot: IotControlPlane, policyName: string): DeviceRegistry {
  return {
    async register(thingName) {
      const undo: Array<[string, () => Promise<void>]> = [];
      try {
        await iot.createThing(thingName);
        undo.push(['DeleteThing', () => iot.deleteThing(thingName)]);
        const certificate = await iot.createKeysAndCertificate();
        undo.push(['DeleteCertificate', () => iot.deleteCertificate(certificate.certificateId)]);
        undo.push(['UpdateCertificate INACTIVE', () => iot.deactivateCertificate(certificate.certificateId)]);
        await iot.attachPolicy(policyName, certificate.certificateArn);
        undo.push(['DetachPolicy', () => iot.detachPolicy(policyName, certificate.certificateArn)]);
        await iot.attachThingPrincipal(thingName, certificate.certificateArn);
        return {
          kind: 'certificate',
          thingName,
          certificateArn: certificate.certificateArn,
          certificatePem: certificate.certificatePem,
          privateKey: certificate.privateKey,
        };
      } catch (error) {
        for (const [step, run] of undo.reverse()) {
          await run().catch((undoError: unknown) => logger.error(`registering ${thingName}: ${step} failed while undoing`, { error: undoError }));
        }
        throw error;
      }
    },
  };
}

/** Registration locally: a new secret of the broker's store (infra/local/broker.ts checks it on CONNECT). */
export function localRegistry(credentialsFile: string): DeviceRegistry {
  const credentials = deviceCredentials(credentialsFile);
  return {
    register: (serialNumber) => Promise.resolve({ kind: 'secret', username: serialNumber, secret: credentials.issue(serialNumber) }),
  };
}

let configured: DeviceRegistry | undefined;

/**
 * The registry the configuration names: DEVICE_REGISTRY=iot (with DEVICE_POLICY_NAME) on AWS,
 * local (with DEVICE_CREDENTIALS_FILE) for `npm start` and the tests.
 */
export function deviceRegistry(): DeviceRegistry {
  if (!configured) {
    configured =
      env('DEVICE_REGISTRY') === 'iot' ? iotRegistry(awsIotControlPlane(), env('DEVICE_POLICY_NAME')) : localRegistry(env('DEVICE_CREDENTIALS_FILE'));
  }
  return configured;
}

type IotSdk = typeof import('@aws-sdk/client-iot');
let iotSdk: Promise<IotSdk> | undefined;
let iotClient: IoTClient | undefined;

/**
 * IoT Core's control plane through the AWS SDK's IoT client (one client per warm Lambda). The SDK
 * is loaded on the first call, not with the module: every device route imports the registry, and
 * only registration and removal call it (the package is a large part of a cold start).
 */
export function awsIotControlPlane(given?: IoTClient): IotControlPlane {
  const iot = async () => {
    const sdk = await (iotSdk ??= import('@aws-sdk/client-iot'));
    return { sdk, client: given ?? (iotClient ??= new sdk.IoTClient({})) };
  };
  return {
    async createThing(thingName) {
      const { sdk, client } = await iot();
      await client.send(new sdk.CreateThingCommand({ thingName }));
    },
    async createKeysAndCertificate() {
      const { sdk, client } = await iot();
      const made = await client.send(new sdk.CreateKeysAndCertificateCommand({ setAsActive: true }));
      if (!made.certificateArn || !made.certificateId || !made.certificatePem || !made.keyPair?.PrivateKey) {
        throw new Error('CreateKeysAndCertificate answered without the certificate or its key');
      }
      return {
        certificateArn: made.certificateArn,
        certificateId: made.certificateId,
        certificatePem: made.certificatePem,
        privateKey: made.keyPair.PrivateKey,
      };
    },
    async attachPolicy(policyName, certificateArn) {
      const { sdk, client } = await iot();
      await client.send(new sdk.AttachPolicyCommand({ policyName, target: certificateArn }));
    },
    async attachThingPrincipal(thingName, certificateArn) {
      const { sdk, client } = await iot();
      await client.send(new sdk.AttachThingPrincipalCommand({ thingName, principal: certificateArn }));
    },
    async detachPolicy(policyName, certificateArn) {
      const { sdk, client } = await iot();
      await client.send(new sdk.DetachPolicyCommand({ policyName, target: certificateArn }));
    },
    async deactivateCertificate(certificateId) {
      const { sdk, client } = await iot();
      await client.send(new sdk.UpdateCertificateCommand({ certificateId, newStatus: 'INACTIVE' }));
    },
    async deleteCertificate(certificateId) {
      const { sdk, client } = await iot();
      await client.send(new sdk.DeleteCertificateCommand({ certificateId }));
    },
    async deleteThing(thingName) {
      const { sdk, client } = await iot();
      await client.send(new sdk.DeleteThingCommand({ thingName }));
    },
  };
}

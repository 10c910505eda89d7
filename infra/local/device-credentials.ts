import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deviceCredentials } from '@functions/lib/device-credentials';

// The store itself is the backend's (registering a device issues a secret locally); the local stack and the tools read it from there.
export { deviceCredentials, type DeviceCredentials } from '@functions/lib/device-credentials';

/** Where the local stack keeps the credential hashes, in its data folder. */
export const deviceCredentialsFile = (dataDir: string) => path.join(dataDir, 'iot', 'device-credentials.json');
/** Where the demo devices' own secrets are written, so the simulator (and a person) can use them. */
export const demoDeviceSecretsFile = (dataDir: string) => path.join(dataDir, 'demo-device-secrets.json');

/**
 * Gives each demo device a secret unless it has a working one, and writes them to the data
 * folder (`demo-device-secrets.json`), as demo-accounts.md holds the demo passwords. Only demo
 * devices' secrets are written down; a secret issued for any other device is shown once.
 */
export function ensureDemoDeviceSecrets(dataDir: string, serialNumbers: readonly string[]): Record<string, string> {
  const credentials = deviceCredentials(deviceCredentialsFile(dataDir));
  const file = demoDeviceSecretsFile(dataDir);
  const known = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const secrets = Object.fromEntries(
    serialNumbers.map((serial) => {
      const secret = known[serial];
      return [serial, secret && credentials.verify(serial, secret) ? secret : credentials.issue(serial)];
    }),
  );
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The demo devices' secrets written by `ensureDemoDeviceSecrets`, or none. */
export function readDemoDeviceSecrets(dataDir: string): Record<string, string> {
  const file = demoDeviceSecretsFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

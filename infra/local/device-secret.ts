import path from 'node:path';
import { isSerialNumber } from '@shared/device';
import { deviceCredentials, deviceCredentialsFile } from './device-credentials';

/**
 * `npm run device-secret -- <serial>`: issues a device's secret for the local broker, the twin of
 * creating its certificate on AWS. Prints the secret once; only its hash is kept (in the data
 * folder), and a new one replaces the old at once, also while `npm start` runs.
 */
const serialNumber = process.argv[2] ?? '';
if (!isSerialNumber(serialNumber)) {
  console.error("usage: npm run device-secret -- <serial number>   (an IDA# is 9 digits, '.' or '-', e.g. 100-00042)");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? '.local');
const secret = deviceCredentials(deviceCredentialsFile(dataDir)).issue(serialNumber);
console.log(`secret of ${serialNumber} (shown once; connect with username ${serialNumber} and this password):\n${secret}`);

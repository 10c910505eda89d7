import { isReportableMachineProblem } from '../../shared/alerts';
import type { DeviceError } from '../../shared/device';
import { devicesRepository } from '../data/devices-repository';
import { RejectedMessage } from './rejected-message';

/**
 * Adds a reported fault to the device's error list. 'no error', 'error1' and empty texts are not
 * errors (spec section 3, Device) and change nothing; a redelivered error overwrites itself.
 */
export async function takeDeviceError(serialNumber: string, error: DeviceError): Promise<'stored' | 'ignored'> {
  const device = await devicesRepository.getBySerialNumber(serialNumber);
  if (!device) throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  if (!isReportableMachineProblem(error.MachineProblem)) return 'ignored';
  await devicesRepository.addError(device.DeviceID, {
    Time: new Date(error.Time).toISOString(),
    MachineProblem: error.MachineProblem.trim(),
    MessageID: error._id,
  });
  return 'stored';
}

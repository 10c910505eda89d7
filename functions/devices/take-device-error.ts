import { isReportableMachineProblem, panicAlert } from '@shared/alerts';
import type { DeviceError } from '@shared/device';
import { devicesRepository } from '../data/devices-repository';
import { notifyChange } from './change-notice';
import { raisePatientAlert } from './patient-alerts';
import { RejectedMessage } from './rejected-message';

/**
 * Adds a reported fault to the device's error list. 'no error', 'error1' and empty texts are not
 * errors (spec section 3, Device) and change nothing; a redelivered error overwrites itself. A
 * panic (the device stopped) is a MachineProblemAlert on the patient using the device, once, its
 * escalation due from `now` (when the message is taken).
 */
export async function takeDeviceError(serialNumber: string, error: DeviceError, now = new Date()): Promise<'stored' | 'ignored'> {
  const route = await devicesRepository.routeBySerialNumber(serialNumber);
  if (!route) throw new RejectedMessage(`No device has serial number ${serialNumber}`);
  if (!isReportableMachineProblem(error.MachineProblem)) return 'ignored';
  const time = new Date(error.Time).toISOString();
  await devicesRepository.addError(route.DeviceID, { Time: time, MachineProblem: error.MachineProblem.trim(), MessageID: error._id });
  const alert = panicAlert(error.MachineProblem);
  if (alert && route.PatientID) await raisePatientAlert(route.PatientID, alert, time, `error-${route.DeviceID}-${error._id}`, now);
  await notifyChange({
    kind: 'error',
    DeviceID: route.DeviceID,
    PatientID: route.PatientID,
    ClinicID: route.ClinicID,
    ServiceProviderID: route.ServiceProviderID,
  });
  return 'stored';
}

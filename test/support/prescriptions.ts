import { takePrescriptionAck } from '@functions/devices/take-prescription-ack';
import { savePrescription } from '@functions/services/prescriptions';

const HOUR = 60 * 60 * 1000;
const allDays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** `HH:mm` of a time, UTC: a prescription's exchange time. */
export const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** A prescription the device approved, with its exchanges at the given UTC times every day. */
export async function approvedPrescription(patientId: string, serialNumber: string, times: string[], approvedAt: Date) {
  const saved = await savePrescription(
    patientId,
    {
      Exchanges: [{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: [...allDays], ExchangeTime: times }],
      FillTime: 10,
      DrainTime: 20,
      MinFillTemp: 36,
      MaxFillTemp: 38,
      WeighDays: [],
      BloodPulseDays: [],
      AdditionalMedication: null,
      patientTimeZone: 'UTC',
    },
    'doctor-1',
    new Date(approvedAt.getTime() - HOUR),
  );
  await takePrescriptionAck(serialNumber, { PrescriptionId: saved.PrescriptionId, Time: approvedAt.toISOString() });
  return saved;
}

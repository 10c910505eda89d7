import { takePrescriptionAck } from '@functions/devices/take-prescription-ack';
import { savePrescription, type NewPrescription } from '@functions/services/prescriptions';
import type { PrescriptionBodyInput } from '@shared/api/prescriptions';
import { HOUR_MS } from '@shared/time';

const allDays = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** `HH:mm` of a time, UTC: a prescription's exchange time. */
export const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** A prescription as the doctor saves it: these exchanges, 10 min fill, 20 min drain, 36–38 °C, nothing weighed or measured, UTC; `more` changes any of it. */
export function prescriptionInput(exchanges: NewPrescription['Exchanges'], more: Partial<NewPrescription> = {}): NewPrescription {
  return {
    Exchanges: exchanges,
    FillTime: 10,
    DrainTime: 20,
    MinFillTemp: 36,
    MaxFillTemp: 38,
    WeighDays: [],
    BloodPulseDays: [],
    AdditionalMedication: null,
    patientTimeZone: 'UTC',
    ...more,
  };
}

/** The body of …/addPrescription: `prescriptionInput` for the device with this serial number. */
export function prescriptionBody(serialNumber: string, exchanges: NewPrescription['Exchanges'], more: Partial<NewPrescription> = {}): PrescriptionBodyInput {
  return { ...prescriptionInput(exchanges, more), SerialNumber: serialNumber };
}

/** A prescription the device approved, with its exchanges at the given UTC times every day. */
export async function approvedPrescription(patientId: string, serialNumber: string, times: string[], approvedAt: Date) {
  const saved = await savePrescription(
    patientId,
    prescriptionInput([{ ExchangeFluid: 'DIAneal 1.36%', ExchangeLiter: 2, ExchangeDaysFrequency: [...allDays], ExchangeTime: times }]),
    'doctor-1',
    new Date(approvedAt.getTime() - HOUR_MS),
  );
  await takePrescriptionAck(serialNumber, { PrescriptionId: saved.PrescriptionId, Time: approvedAt.toISOString() });
  return saved;
}

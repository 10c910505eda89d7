import { z } from 'zod';
import { boundedNumber, deviceDateTimeSchema, deviceMessageIdSchema } from './common';
import { exchangeFluidSchema } from './fluids';
import { dayCodeListSchema, dayCodeSchema, hasNoDuplicates, timeOfDaySchema, timeZoneSchema } from './schedule';
import { serialNumberSchema } from './serial-number';

/** Limits of a prescription sent to a device (spec sections 5 and 9). */
export const prescriptionLimits = {
  /** Litres per fill: 0.5 to 3, one decimal (spec section 9). */
  exchangeLiter: { min: 0.5, max: 3 },
  /** Exchanges per day of one exchange entry: at least 1 (section 5), at most 5 (section 9). */
  exchangesPerDay: { min: 1, max: 5 },
  exchangeEntries: 20,
  /** Minutes for a fill or a drain: at least 0.1 (section 5); four hours is beyond any gravity drain. */
  minutes: { min: 0.1, max: 240 },
  /**
   * °C for the fill temperature bounds. The spec's fill temperature is in degrees C; a value above
   * 45 is a °F figure sent by mistake, below 20 no fluid is infused, so both are refused.
   */
  fillTempC: { min: 20, max: 45 },
  additionalMedicationChars: 1000,
} as const;

function hasOneDecimal(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}

/** One exchange entry of a prescription: a fluid and fill volume on some days at some times. */
export const prescribedExchangeSchema = z
  .object({
    ExchangeFluid: exchangeFluidSchema,
    ExchangeLiter: boundedNumber(prescriptionLimits.exchangeLiter.min, prescriptionLimits.exchangeLiter.max).refine(
      hasOneDecimal,
      'ExchangeLiter has one decimal',
    ),
    ExchangeDaysFrequency: z.array(dayCodeSchema).min(1).max(7).refine(hasNoDuplicates, 'Day codes must not repeat'),
    ExchangeTime: z
      .array(timeOfDaySchema)
      .min(prescriptionLimits.exchangesPerDay.min)
      .max(prescriptionLimits.exchangesPerDay.max)
      .refine(hasNoDuplicates, 'Time already selected'),
  })
  .strict();

export type PrescribedExchange = z.infer<typeof prescribedExchangeSchema>;

const minutes = boundedNumber(prescriptionLimits.minutes.min, prescriptionLimits.minutes.max);
const fillTempC = boundedNumber(prescriptionLimits.fillTempC.min, prescriptionLimits.fillTempC.max);

/**
 * The prescription the backend publishes on `pd/devices/{serial}/down/prescription` (spec
 * section 3, Protocol / prescription). FillTime and DrainTime are minutes, MinFillTemp and
 * MaxFillTemp degrees C, ExchangeLiter litres, ExchangeTime HH:mm in `patientTimeZone`.
 * Approval is not sent: the device's acknowledgement is what approves it.
 */
export const devicePrescriptionSchema = z
  .object({
    PrescriptionId: deviceMessageIdSchema,
    SerialNumber: serialNumberSchema,
    Exchanges: z.array(prescribedExchangeSchema).min(1).max(prescriptionLimits.exchangeEntries),
    FillTime: minutes,
    DrainTime: minutes,
    MinFillTemp: fillTempC,
    MaxFillTemp: fillTempC,
    WeighDays: dayCodeListSchema,
    BloodPulseDays: dayCodeListSchema,
    AdditionalMedication: z.string().max(prescriptionLimits.additionalMedicationChars).nullable(),
    patientTimeZone: timeZoneSchema,
    Created_UTC: deviceDateTimeSchema,
  })
  .strict()
  .superRefine((prescription, ctx) => {
    if (prescription.MinFillTemp > prescription.MaxFillTemp) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['MinFillTemp'], message: 'MinFillTemp is above MaxFillTemp' });
    }
    // Two entries on the same day at the same time would make the device fill twice at once.
    // A time repeated within one entry is that entry's own 'Time already selected' issue.
    const earlierSlots = new Set<string>();
    prescription.Exchanges.forEach((exchange, index) => {
      for (const time of new Set(exchange.ExchangeTime)) {
        const days = exchange.ExchangeDaysFrequency.filter((day) => earlierSlots.has(`${day} ${time}`));
        if (days.length > 0) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: ['Exchanges', index, 'ExchangeTime'],
            message: `Time already selected: ${time} on ${days.join(', ')}`,
          });
        }
      }
      for (const day of exchange.ExchangeDaysFrequency) {
        for (const time of exchange.ExchangeTime) earlierSlots.add(`${day} ${time}`);
      }
    });
  });

export type DevicePrescription = z.infer<typeof devicePrescriptionSchema>;

/**
 * The device's acknowledgement of a prescription, on `pd/devices/{serial}/up/prescription-ack`.
 * It sets the prescription's Approved and ApprovedChangedAt (DESIGN.md section 7).
 */
export const prescriptionAckSchema = z
  .object({
    PrescriptionId: deviceMessageIdSchema,
    Time: deviceDateTimeSchema,
  })
  .strict();

export type PrescriptionAck = z.infer<typeof prescriptionAckSchema>;

import { z } from 'zod';
import { boundedNumber, deviceDateTimeSchema, deviceMessageIdSchema } from './common';
import { exchangeFluidSchema } from './fluids';
import { convertTemperature, convertWeight, temperatureUnits, weightUnits } from './units';

/**
 * The limits of an exchange message: what a home PD device can physically measure, so that a
 * garbled or mis-scaled reading is rejected at the door. They are not clinical thresholds.
 */
export const exchangeLimits = {
  /** ml; a bag holds at most 3 l (spec section 9), 5 l leaves room for a measuring error to show. */
  fillVolumeMl: { min: 0, max: 5000 },
  /** ml; a drain holds the dwell's fill plus ultrafiltration plus any residual volume. */
  drainVolumeMl: { min: 0, max: 8000 },
  /** minutes */
  durationMin: { min: 0, max: 240 },
  /** °C; a reading in °F is converted before this check. */
  temperatureC: { min: 0, max: 60 },
  /** kg; a reading in lb is converted before this check. */
  weightKg: { min: 1, max: 400 },
  systolicMmHg: { min: 40, max: 300 },
  diastolicMmHg: { min: 20, max: 200 },
  pulseBpm: { min: 20, max: 250 },
  /** NTU, for each turbidity sample and each mean or deviation. */
  turbidityNtu: { min: 0, max: 10000 },
  /** Samples per turbidity series; four full series stay well inside a 128 KB MQTT message. */
  turbiditySamples: 2000,
  pValue: { min: 0, max: 1_000_000 },
  machineProblemChars: 500,
  noteChars: 1000,
} as const;

function measureSchema<T extends z.ZodTypeAny>(value: T) {
  return z.object({ Value: value, Time: deviceDateTimeSchema }).strict();
}

export const weightMeasureSchema = measureSchema(z.number().finite());

export const bloodPressureMeasureSchema = measureSchema(
  z
    .object({
      Systolic: z.number().int().min(exchangeLimits.systolicMmHg.min).max(exchangeLimits.systolicMmHg.max),
      Diastolic: z.number().int().min(exchangeLimits.diastolicMmHg.min).max(exchangeLimits.diastolicMmHg.max),
    })
    .strict()
    .refine(({ Systolic, Diastolic }) => Systolic > Diastolic, {
      message: 'Systolic must be above diastolic',
      path: ['Systolic'],
    }),
);

export const pulseMeasureSchema = measureSchema(z.number().int().min(exchangeLimits.pulseBpm.min).max(exchangeLimits.pulseBpm.max));

const turbidityValue = boundedNumber(exchangeLimits.turbidityNtu.min, exchangeLimits.turbidityNtu.max);
const turbiditySeries = z.array(turbidityValue).max(exchangeLimits.turbiditySamples);

/** Statistics of the bubble-free ("clean") turbidity samples of the drain and of the fill, in NTU. */
export const bubblesTurbidityCalcSchema = z
  .object({
    meanCleanDrain: turbidityValue,
    stdevCleanDrain: turbidityValue,
    meanCleanFill: turbidityValue,
    stdevCleanFill: turbidityValue,
  })
  .strict();

/**
 * One exchange as a device reports it on `pd/devices/{serial}/up/exchange`. An exchange is a
 * drain of the dwelling fluid followed by a fill of fresh fluid. Volumes are in ml, durations in
 * minutes, temperatures in `TempUnit`, weight in `WeightUnit`, blood pressure in mmHg, pulse in
 * beats per minute, turbidity in NTU. docs/device-protocol.md describes every field.
 */
export const deviceExchangeSchema = z
  .object({
    _id: deviceMessageIdSchema,
    DeviceLocalDate: deviceDateTimeSchema,
    ExchangeFluid: exchangeFluidSchema,
    DrainVolume: boundedNumber(exchangeLimits.drainVolumeMl.min, exchangeLimits.drainVolumeMl.max),
    DrainDuration: boundedNumber(exchangeLimits.durationMin.min, exchangeLimits.durationMin.max),
    DrainTemp: z.number().finite(),
    FillVolume: boundedNumber(exchangeLimits.fillVolumeMl.min, exchangeLimits.fillVolumeMl.max),
    FillDuration: boundedNumber(exchangeLimits.durationMin.min, exchangeLimits.durationMin.max),
    FillTemp: z.number().finite(),
    TempUnit: z.enum(temperatureUnits),
    WeightUnit: z.enum(weightUnits),
    WeightMeasure: weightMeasureSchema.optional(),
    BloodPressureMeasure: bloodPressureMeasureSchema.optional(),
    PulseMeasure: pulseMeasureSchema.optional(),
    PValue: boundedNumber(exchangeLimits.pValue.min, exchangeLimits.pValue.max).optional(),
    BubblesTurbidityCalc: bubblesTurbidityCalcSchema.optional(),
    FillTurbidity: turbiditySeries.optional(),
    DrainTurbidity: turbiditySeries.optional(),
    BubblesFillTurbidity: turbiditySeries.optional(),
    BubblesDrainTurbidity: turbiditySeries.optional(),
    MachineProblem: z.string().max(exchangeLimits.machineProblemChars).optional(),
    Note: z.string().max(exchangeLimits.noteChars).optional(),
  })
  .strict()
  .superRefine((exchange, ctx) => {
    const { min, max } = exchangeLimits.temperatureC;
    for (const field of ['DrainTemp', 'FillTemp'] as const) {
      const celsius = convertTemperature(exchange[field], exchange.TempUnit, 'C');
      if (celsius < min || celsius > max) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [field],
          message: `${field} must lie between ${min} °C and ${max} °C`,
        });
      }
    }
    if (exchange.WeightMeasure) {
      const kg = convertWeight(exchange.WeightMeasure.Value, exchange.WeightUnit, 'KG');
      const { min: minKg, max: maxKg } = exchangeLimits.weightKg;
      if (kg < minKg || kg > maxKg) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['WeightMeasure', 'Value'],
          message: `Weight must lie between ${minKg} kg and ${maxKg} kg`,
        });
      }
    }
  });

export type DeviceExchange = z.infer<typeof deviceExchangeSchema>;

import { FHIR_MAX_DAYS, fhirExportQuerySchema, fhirPeriod, periodDays } from '@shared/api/fhir';
import * as messages from '@shared/messages';

/** The FHIR export's period (docs/fhir.md, "The period"): its defaults and its bounds, in UTC days. */
const now = new Date('2026-03-01T23:30:00Z');

describe('fhirPeriod', () => {
  it('defaults to the 30 days ending today, both included', () => {
    expect(fhirPeriod({}, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(periodDays(fhirPeriod({}, now))).toBe(30);
  });

  it('ends today when only the start is given, and starts 29 days before a given end', () => {
    expect(fhirPeriod({ from: '2026-02-10' }, now)).toEqual({ from: '2026-02-10', to: '2026-03-01' });
    expect(fhirPeriod({ to: '2024-03-01' }, now)).toEqual({ from: '2024-02-01', to: '2024-03-01' });
  });
});

describe('fhirExportQuerySchema', () => {
  const refusal = (query: Record<string, string>) => {
    const parsed = fhirExportQuerySchema.safeParse(query);
    return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
  };

  it('takes one day, and a leap year of 366 days', () => {
    expect(fhirExportQuerySchema.parse({ from: '2026-02-28', to: '2026-02-28' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(periodDays({ from: '2024-01-01', to: '2024-12-31' })).toBe(FHIR_MAX_DAYS);
    expect(fhirExportQuerySchema.parse({ from: '2024-01-01', to: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('refuses 367 days, a start after the end, days that do not exist and other parameters', () => {
    expect(refusal({ from: '2024-01-01', to: '2025-01-01' })).toEqual([messages.fhir.periodTooLong(FHIR_MAX_DAYS)]);
    expect(refusal({ from: '2026-02-02', to: '2026-02-01' })).toEqual([messages.fhir.fromAfterTo]);
    expect(refusal({ from: '2025-02-29', to: '2025-03-01' })).toEqual([messages.fhir.dateNotValid('From')]);
    expect(refusal({ to: '01/03/2026' })).toEqual([messages.fhir.dateNotValid('To')]);
    expect(refusal({ from: '2026-02-01', limit: '10' })).toBeDefined();
  });
});

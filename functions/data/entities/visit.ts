import { CustomAttributeType } from 'electrodb';

/**
 * A visit (spec section 3, Visit): its period and counters only. Its measurements are the
 * patient's exchanges and its alerts the patient's alerts within (PeriodStart, ClosedDate], read
 * by key range, so the item stays the same size however many exchanges the visit spans. The
 * period starts where the previous visit closed, not at the first exchange, so an exchange that
 * arrives late still belongs to the visit it happened in.
 */
export const visitSchema = {
  model: { entity: 'Visit', version: '2', service: 'pd' },
  attributes: {
    PatientID: { type: 'string', required: true, readOnly: true },
    OpenDate: { type: 'string', required: true, readOnly: true },
    Visited: { type: 'boolean', required: true },
    /** The previous visit's ClosedDate ('' for a patient's first visit). */
    PeriodStart: { type: 'string', required: true, readOnly: true },
    ClosedDate: { type: 'string' },
    ExchangeCount: { type: 'number' },
    AlertCount: { type: 'number' },
    /**
     * Set on visits opened since the turbidity sums are kept: ingest ADDs each exchange's
     * turbidity statistics (when the device sent them) to the sums below, so the visit's
     * turbidity figure costs no read of its exchanges. A visit without it is counted from its period.
     */
    KeepsTurbiditySums: { type: 'boolean' },
    TurbiditySamples: { type: 'number' },
    SumMeanCleanDrain: { type: 'number' },
    SumStdevCleanDrain: { type: 'number' },
    SumMeanCleanFill: { type: 'number' },
    SumStdevCleanFill: { type: 'number' },
    PatientUtilizationSnapshot: { type: 'number' },
    Findings: { type: 'string' },
    Recommendation: { type: 'string' },
    UrineOutput: { type: 'number' },
    /** Set when closed: the visit highlights' counts (spec section 9) as the clinician saw them. */
    Highlights: { type: CustomAttributeType<Record<string, number>>('any') },
    /** Set when closed: the visit turbidity figure (spec section 9). */
    Turbidity: { type: 'number' },
    /** Set when closed: the prescription current at the visit. */
    PrescriptionID: { type: 'string' },
  },
  indexes: {
    byPatient: {
      pk: { field: 'pk', composite: ['PatientID'], template: 'PATIENT#${PatientID}', casing: 'none' },
      sk: { field: 'sk', composite: ['OpenDate'], template: 'VISIT#${OpenDate}', casing: 'none' },
    },
  },
} as const;

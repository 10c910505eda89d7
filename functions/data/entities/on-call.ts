/**
 * One shift of a clinic's on-call rota: who answers escalated alerts from `From` to `To` (UTC ISO
 * times), and where to reach them. Keyed by start time under the clinic, so the shift in force at
 * a time is one short key-range read, whatever the rota's length.
 */
export const onCallShiftSchema = {
  model: { entity: 'OnCallShift', version: '1', service: 'pd' },
  attributes: {
    ClinicID: { type: 'string', required: true, readOnly: true },
    ShiftID: { type: 'string', required: true, readOnly: true },
    From: { type: 'string', required: true, readOnly: true },
    To: { type: 'string', required: true, readOnly: true },
    UserID: { type: 'string', required: true, readOnly: true },
    /** The clinician's name when the shift was set (the rota shows it as it was). */
    Name: { type: 'string', required: true, readOnly: true },
    Email: { type: 'string', required: true, readOnly: true },
    Phone: { type: 'string', required: true, readOnly: true },
    ServiceProviderID: { type: 'string', required: true, readOnly: true },
    CreatedBy: { type: 'string', required: true, readOnly: true },
    /** Deleted on its own a while after it ended (the audit trail keeps the history). */
    expiresAt: { type: 'number' },
  },
  indexes: {
    byClinic: {
      pk: { field: 'pk', composite: ['ClinicID'], template: 'CLINIC#${ClinicID}', casing: 'none' },
      sk: { field: 'sk', composite: ['From', 'ShiftID'], template: 'ONCALL#${From}#${ShiftID}', casing: 'none' },
    },
  },
} as const;

/**
 * The version of a clinic's rota, moved by every change in the change's transaction: two
 * directors adding overlapping shifts at once cannot both pass the overlap check.
 */
export const onCallRotaSchema = {
  model: { entity: 'OnCallRota', version: '1', service: 'pd' },
  attributes: {
    ClinicID: { type: 'string', required: true, readOnly: true },
    Version: { type: 'number', required: true },
  },
  indexes: {
    byClinic: {
      pk: { field: 'pk', composite: ['ClinicID'], template: 'CLINIC#${ClinicID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'ONCALLROTA', casing: 'none' },
    },
  },
} as const;

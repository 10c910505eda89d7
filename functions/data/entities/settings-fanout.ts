/**
 * A global settings change still to be sent to the devices it affects (docs/settings.md, "When a
 * change takes effect"). Written in the transaction that changes the global settings; the
 * scheduled fan-out walks every clinic from `Cursor`, after `LastClinicID` within that page, and
 * deletes the job when the last clinic is done. It lives in the global settings' partition, so the
 * settings route writes nothing beyond what it already may.
 */
export const settingsFanoutSchema = {
  model: { entity: 'SettingsFanout', version: '1', service: 'pd' },
  attributes: {
    /** `<ISO time>#<random>`: jobs are taken oldest first. */
    JobID: { type: 'string', required: true, readOnly: true },
    /** The device settings (docs/device-protocol.md) whose global value changed. */
    Changed: { type: 'list', items: { type: 'string' }, required: true },
    CreatedAt: { type: 'string', required: true },
    /** The clinics page the fan-out is in (absent: the first page). */
    Cursor: { type: 'string' },
    /** The last clinic done in that page (absent: none yet). */
    LastClinicID: { type: 'string' },
    /** Settings messages sent so far. */
    Published: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byJob: {
      pk: { field: 'pk', composite: [], template: 'GLOBAL', casing: 'none' },
      sk: { field: 'sk', composite: ['JobID'], template: 'FANOUT#${JobID}', casing: 'none' },
    },
  },
} as const;

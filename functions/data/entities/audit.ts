import { CustomAttributeType } from 'electrodb';

/** One changed field of an audited write: its value before and after (never a whole PII document). */
export interface AuditChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** How many partitions one month of the platform-wide trail is spread over (reads of patient data are frequent). */
export const AUDIT_SHARDS = 8;

/** The index composite of a record that has no such tenant (a platform setting has no clinic). */
export const NO_TENANT = '-';

/**
 * An audit record (DESIGN.md section 5; HIPAA audit controls): who (user and role), did what
 * (read or write of which entity, with the changed fields' before and after), when, from where,
 * through which route. Written once, never updated or deleted, and never expires (no TTL
 * attribute): kept six years at least (docs/security.md). Readable by time for the platform, by
 * provider, by clinic and by patient; sparse indexes hold only the records that have that tenant.
 */
export const auditSchema = {
  model: { entity: 'Audit', version: '1', service: 'pd' },
  attributes: {
    AuditID: { type: 'string', required: true, readOnly: true },
    At: { type: 'string', required: true, readOnly: true },
    /** `yyyy-mm` of `At`: the time bucket of the partitions. */
    Month: { type: 'string', required: true, readOnly: true },
    Shard: { type: 'number', required: true, readOnly: true },
    UserID: { type: 'string', required: true, readOnly: true },
    Role: { type: 'string', required: true, readOnly: true },
    Route: { type: 'string', required: true, readOnly: true },
    Action: { type: ['read', 'write'] as const, required: true, readOnly: true },
    Entity: { type: 'string', required: true, readOnly: true },
    EntityID: { type: 'string', required: true, readOnly: true },
    Changes: { type: CustomAttributeType<AuditChange[]>('any'), readOnly: true },
    ServiceProviderID: { type: 'string', readOnly: true },
    ClinicID: { type: 'string', readOnly: true },
    PatientID: { type: 'string', readOnly: true },
    /**
     * The tenant keys as index composites: ElectroDB needs a value for every composite, so a record
     * without that tenant carries NO_TENANT and the index's condition leaves it out (sparse).
     */
    ProviderScope: { type: 'string', required: true, readOnly: true },
    ClinicScope: { type: 'string', required: true, readOnly: true },
    PatientScope: { type: 'string', required: true, readOnly: true },
    SourceIp: { type: 'string', required: true, readOnly: true },
    UserAgent: { type: 'string', readOnly: true },
  },
  indexes: {
    byTime: {
      pk: { field: 'pk', composite: ['Month', 'Shard'], template: 'AUDIT#${Month}#${Shard}', casing: 'none' },
      sk: { field: 'sk', composite: ['At', 'AuditID'], template: '${At}#${AuditID}', casing: 'none' },
    },
    byProvider: {
      index: 'gsi1',
      condition: (attributes: Record<string, unknown>) => attributes.ProviderScope !== NO_TENANT,
      pk: { field: 'gsi1pk', composite: ['ProviderScope', 'Month'], template: 'AUDIT#SP#${ProviderScope}#${Month}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['At', 'AuditID'], template: '${At}#${AuditID}', casing: 'none' },
    },
    byClinic: {
      index: 'gsi2',
      condition: (attributes: Record<string, unknown>) => attributes.ClinicScope !== NO_TENANT,
      pk: { field: 'gsi2pk', composite: ['ClinicScope', 'Month'], template: 'AUDIT#CLINIC#${ClinicScope}#${Month}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['At', 'AuditID'], template: '${At}#${AuditID}', casing: 'none' },
    },
    byPatient: {
      index: 'gsi3',
      condition: (attributes: Record<string, unknown>) => attributes.PatientScope !== NO_TENANT,
      pk: { field: 'gsi3pk', composite: ['PatientScope'], template: 'AUDIT#PATIENT#${PatientScope}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['At', 'AuditID'], template: '${At}#${AuditID}', casing: 'none' },
    },
  },
} as const;

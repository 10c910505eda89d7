import { createConversions } from 'electrodb';
import { db, type ItemOf } from './entities';
import { AUDIT_SHARDS, NO_TENANT, type AuditChange } from './entities/audit';

export type { AuditChange };

/** An audit record as the services hand it over (the entity's item); keys and time buckets are this file's business. */
export type AuditRecord = Omit<ItemOf<'audit'>, 'Month' | 'Shard' | 'ProviderScope' | 'ClinicScope' | 'PatientScope'>;

const audits = () => db().entities.audit;

/** A stable shard from the record's id, so the platform-wide trail spreads over partitions. */
function shardOf(auditId: string): number {
  let hash = 0;
  for (const char of auditId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % AUDIT_SHARDS;
}

/** The item of a record, with its time buckets and index composites: what a transaction creates. */
export function auditItem(record: AuditRecord) {
  return {
    ...record,
    Month: record.At.slice(0, 7),
    Shard: shardOf(record.AuditID),
    ProviderScope: record.ServiceProviderID ?? NO_TENANT,
    ClinicScope: record.ClinicID ?? NO_TENANT,
    PatientScope: record.PatientID ?? NO_TENANT,
  };
}

/** The index composites a stored record carries beyond what the services handed over. */
const COMPOSITES: readonly string[] = ['ProviderScope', 'ClinicScope', 'PatientScope', 'Month', 'Shard'];

type StoredRecord = ReturnType<typeof auditItem>;

/** A stored record without its index composites. */
function record(item: StoredRecord): AuditRecord {
  return Object.fromEntries(Object.entries(item).filter(([key]) => !COMPOSITES.includes(key))) as unknown as AuditRecord;
}

export interface AuditPage {
  items: AuditRecord[];
  cursor?: string;
}

export interface AuditListOptions {
  /** At most this many records (after the person filter). */
  limit?: number;
  cursor?: string;
  /** Only this person's actions. */
  userId?: string;
}

const DEFAULT_LIMIT = 50;

/** ElectroDB's cursor is the query's LastEvaluatedKey as base64url JSON; the platform view builds its own per shard. */
const encodeKey = (key: Record<string, string>) => Buffer.from(JSON.stringify(key)).toString('base64url');

/** The indexes project keys only (shared/table.ts): their records are read in one BatchGet (`hydrate`). */
function goOptions(options: AuditListOptions) {
  return { order: 'desc' as const, count: options.limit ?? DEFAULT_LIMIT, cursor: options.cursor ?? null, hydrate: true };
}

/** Any of the entity's queries, as far as listing needs it. */
interface ListQuery {
  go(options: { order: 'desc'; count: number; cursor: string | null; hydrate?: boolean }): Promise<{ data: unknown[]; cursor: string | null }>;
}

async function single(query: ListQuery, options: AuditListOptions): Promise<AuditPage> {
  const result = await query.go(goOptions(options));
  return { items: (result.data as StoredRecord[]).map(record), cursor: result.cursor ?? undefined };
}

/** The entity's index queries, by access pattern. */
const queries = {
  byPatient: (patientId: string): ListQuery => audits().query.byPatient({ PatientScope: patientId }),
  byClinic: (clinicId: string, month: string): ListQuery => audits().query.byClinic({ ClinicScope: clinicId, Month: month }),
  byProvider: (serviceProviderId: string, month: string): ListQuery => audits().query.byProvider({ ProviderScope: serviceProviderId, Month: month }),
};

/** Records looked at per round trip while picking one person's records out of an index. */
const PERSON_SCAN_PAGE = 200;

/**
 * One person's records of an index. The indexes project keys only, and DynamoDB filters nothing on
 * an attribute an index does not hold, so the records are picked from hydrated pages; the cursor
 * is built from the last record taken, so the next page starts right after it.
 */
async function onePerson(pattern: keyof typeof queries, query: ListQuery, userId: string, options: AuditListOptions): Promise<AuditPage> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const taken: StoredRecord[] = [];
  let cursor = options.cursor ?? null;
  do {
    const page = await query.go({ order: 'desc', count: PERSON_SCAN_PAGE, cursor, hydrate: true });
    const items = page.data as StoredRecord[];
    for (const [index, item] of items.entries()) {
      if (item.UserID !== userId) continue;
      taken.push(item);
      if (taken.length < limit) continue;
      const more = index < items.length - 1 || page.cursor !== null;
      const next = more ? createConversions(audits()).byAccessPattern[pattern].fromComposite.toCursor(item) : undefined;
      return { items: taken.map(record), cursor: next ?? undefined };
    }
    cursor = page.cursor;
  } while (cursor);
  return { items: taken.map(record) };
}

/** A list of one index, or of one person's records in it. */
const list = (pattern: keyof typeof queries, query: ListQuery, options: AuditListOptions) =>
  options.userId ? onePerson(pattern, query, options.userId, options) : single(query, options);

export const auditRepository = {
  /** Records reads (no change goes with them): each its own conditional put. */
  async record(records: readonly AuditRecord[]): Promise<void> {
    await Promise.all(records.map((audit) => audits().create(auditItem(audit)).go()));
  },

  /** A patient's trail, newest first. */
  listByPatient: (patientId: string, options: AuditListOptions = {}) => list('byPatient', queries.byPatient(patientId), options),

  /** A clinic's trail of one month (`yyyy-mm`), newest first. */
  listByClinic: (clinicId: string, month: string, options: AuditListOptions = {}) => list('byClinic', queries.byClinic(clinicId, month), options),

  /** A provider's trail of one month, newest first. */
  listByProvider: (serviceProviderId: string, month: string, options: AuditListOptions = {}) =>
    list('byProvider', queries.byProvider(serviceProviderId, month), options),

  /**
   * The platform's trail of one month, newest first, over its shards: each page takes the newest
   * records of all shards, and the cursor keeps, per shard, where its next page starts.
   */
  async listPlatform(month: string, options: AuditListOptions = {}): Promise<AuditPage> {
    const limit = options.limit ?? DEFAULT_LIMIT;
    const shards: Record<string, string | null> = options.cursor
      ? (JSON.parse(Buffer.from(options.cursor, 'base64url').toString('utf8')) as Record<string, string | null>)
      : Object.fromEntries(Array.from({ length: AUDIT_SHARDS }, (_, shard) => [String(shard), null]));
    const pages = await Promise.all(
      Object.entries(shards).map(async ([shard, cursor]) => {
        const query = audits().query.byTime({ Month: month, Shard: Number(shard) });
        // The table itself holds every attribute, so here DynamoDB filters by person.
        const mine = options.userId ? query.where(({ UserID }, { eq }) => eq(UserID, options.userId!)) : query;
        const page = await mine.go({ order: 'desc', count: limit, cursor });
        return { shard, items: page.data, exhausted: page.cursor === null };
      }),
    );
    const taken = pages
      .flatMap((page) => page.items.map((item) => ({ shard: page.shard, item })))
      .sort((a, b) => `${b.item.At}#${b.item.AuditID}`.localeCompare(`${a.item.At}#${a.item.AuditID}`))
      .slice(0, limit);
    const next: Record<string, string | null> = {};
    for (const page of pages) {
      const mine = taken.filter((entry) => entry.shard === page.shard);
      const last = mine.at(-1)?.item;
      if (mine.length === page.items.length && page.exhausted) continue; // nothing left in this shard
      next[page.shard] = last ? encodeKey({ pk: `AUDIT#${month}#${page.shard}`, sk: `${last.At}#${last.AuditID}` }) : shards[page.shard]!;
    }
    return {
      items: taken.map((entry) => record(entry.item)),
      cursor: Object.keys(next).length > 0 ? Buffer.from(JSON.stringify(next)).toString('base64url') : undefined,
    };
  },
};

import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';
import { AUDIT_SHARDS, auditSchema, NO_TENANT, type AuditChange } from './entities/audit';

export type { AuditChange };

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** An audit record as the services hand it over; keys and time buckets are this file's business. */
export interface AuditRecord {
  AuditID: string;
  At: string;
  UserID: string;
  Role: string;
  Route: string;
  Action: 'read' | 'write';
  Entity: string;
  EntityID: string;
  Changes?: AuditChange[];
  ServiceProviderID?: string;
  ClinicID?: string;
  PatientID?: string;
  SourceIp: string;
  UserAgent?: string;
}

function build(table: string) {
  return new Entity(auditSchema, { table, client: dynamo() });
}

let built: { table: string; entity: ReturnType<typeof build> } | undefined;

function audits() {
  const table = config.tableName;
  if (built?.table !== table) built = { table, entity: build(table) };
  return built.entity;
}

/** A stable shard from the record's id, so the platform-wide trail spreads over partitions. */
function shardOf(auditId: string): number {
  let hash = 0;
  for (const char of auditId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % AUDIT_SHARDS;
}

function stored(record: AuditRecord) {
  return {
    ...record,
    Month: record.At.slice(0, 7),
    Shard: shardOf(record.AuditID),
    ProviderScope: record.ServiceProviderID ?? NO_TENANT,
    ClinicScope: record.ClinicID ?? NO_TENANT,
    PatientScope: record.PatientID ?? NO_TENANT,
  };
}

/** A stored record without its index composites. */
function record({ ProviderScope, ClinicScope, PatientScope, Month, Shard, ...rest }: AuditRecord & Record<'ProviderScope' | 'ClinicScope' | 'PatientScope' | 'Month', string> & { Shard: number }): AuditRecord {
  void [ProviderScope, ClinicScope, PatientScope, Month, Shard];
  return rest;
}

export interface AuditPage {
  items: AuditRecord[];
  cursor?: string;
}

const page = (result: { data: Parameters<typeof record>[0][]; cursor: string | null }): AuditPage => ({ items: result.data.map(record), cursor: result.cursor ?? undefined });

export const auditRepository = {
  /**
   * The Put of one record for a TransactWriteItems of the change it records (same transaction,
   * all or nothing); conditioned on absence, so a record is never overwritten.
   */
  putInTransaction(record: AuditRecord): TransactItem {
    return { Put: audits().create(stored(record)).params() as NonNullable<TransactItem['Put']> };
  },

  /** Records reads (no change goes with them): each its own conditional put. */
  async record(records: readonly AuditRecord[]): Promise<void> {
    await Promise.all(records.map((record) => audits().create(stored(record)).go()));
  },

  /** A patient's trail, newest first. */
  async listByPatient(patientId: string, options: { limit?: number; cursor?: string } = {}): Promise<AuditPage> {
    return page((await audits().query.byPatient({ PatientScope: patientId }).go({ order: 'desc', limit: options.limit ?? 50, cursor: options.cursor ?? null })) as never);
  },

  /** A clinic's trail of one month (`yyyy-mm`), newest first. */
  async listByClinic(clinicId: string, month: string, options: { limit?: number; cursor?: string } = {}): Promise<AuditPage> {
    return page((await audits().query.byClinic({ ClinicScope: clinicId, Month: month }).go({ order: 'desc', limit: options.limit ?? 50, cursor: options.cursor ?? null })) as never);
  },

  /** A provider's trail of one month, newest first. */
  async listByProvider(serviceProviderId: string, month: string, options: { limit?: number; cursor?: string } = {}): Promise<AuditPage> {
    return page(
      (await audits().query.byProvider({ ProviderScope: serviceProviderId, Month: month }).go({ order: 'desc', limit: options.limit ?? 50, cursor: options.cursor ?? null })) as never,
    );
  },

  /** The platform's trail of one month: every shard, merged newest first (bounded by `limit` per shard). */
  async listPlatform(month: string, options: { limit?: number } = {}): Promise<AuditRecord[]> {
    const limit = options.limit ?? 50;
    const shards = await Promise.all(
      Array.from({ length: AUDIT_SHARDS }, (_, Shard) => audits().query.byTime({ Month: month, Shard }).go({ order: 'desc', limit })),
    );
    return shards
      .flatMap((shard) => (shard.data as Parameters<typeof record>[0][]).map(record))
      .sort((a, b) => b.At.localeCompare(a.At))
      .slice(0, limit);
  },
};

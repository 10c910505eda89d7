import { randomUUID } from 'node:crypto';
import type { RouteAudit } from '@shared/api/route-definition';
import { auditRepository, type AuditChange, type AuditRecord } from '../data/audit-repository';
import type { Caller } from '../lib/caller';

/** Whose data an audited entity is: the tenant keys that make the record visible to the people responsible. */
export interface AuditTenant {
  ServiceProviderID?: string;
  ClinicID?: string;
  PatientID?: string;
}

export interface AuditedWrite extends AuditTenant {
  entity: string;
  id: string;
  before?: object;
  after?: object;
}

export interface AuditedRead extends AuditTenant {
  entity: string;
  id: string;
}

/** The fields whose values differ between before and after, with both values (never the untouched rest). */
export function changedFields(before: object = {}, after: object = {}): AuditChange[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return fields
    .filter((field) => JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({ field, ...(a[field] === undefined ? {} : { before: a[field] }), ...(b[field] === undefined ? {} : { after: b[field] }) }));
}

/** The role an operator's records show: someone who acted with the deployment's AWS credentials, not as a portal user. */
export const OPERATOR_ROLE = 'Operator';

/** An operator's command (infra/ops) and who ran it where: the caller of changes made outside any route. */
export interface OperatorCommand {
  /** How it was run, e.g. `npm run create-admin`: the record's route. */
  command: string;
  /** The operator's account on the machine that ran it. */
  operator: string;
  /** That machine. */
  host: string;
}

/**
 * The record of a change an operator's command made (there is no request, so no AuditTrail): the
 * operator stands where a user would (`operator:<name>`, role Operator), the machine where the
 * source address would. Written in the change's own transaction, like a route's.
 */
export function operatorWrite(context: OperatorCommand, change: AuditedWrite): AuditRecord {
  return {
    AuditID: randomUUID(),
    At: new Date().toISOString(),
    UserID: `operator:${context.operator}`,
    Role: OPERATOR_ROLE,
    Route: context.command,
    Action: 'write',
    Entity: change.entity,
    EntityID: change.id,
    Changes: changedFields(change.before, change.after),
    ServiceProviderID: change.ServiceProviderID,
    ClinicID: change.ClinicID,
    PatientID: change.PatientID,
    SourceIp: context.host,
  };
}

/** The role a scheduled job's records show: the platform acting on its own, not a portal user. */
export const SYSTEM_ROLE = 'System';

/**
 * The record of what a scheduled job did on its own (a notice it sent): the job stands where a
 * user would (`system:<job>`, role System), written in the change's own transaction like a route's.
 */
export function systemWrite(job: string, change: AuditedWrite, at = new Date()): AuditRecord {
  return {
    AuditID: randomUUID(),
    At: at.toISOString(),
    UserID: `system:${job}`,
    Role: SYSTEM_ROLE,
    Route: job,
    Action: 'write',
    Entity: change.entity,
    EntityID: change.id,
    Changes: changedFields(change.before, change.after),
    ServiceProviderID: change.ServiceProviderID,
    ClinicID: change.ClinicID,
    PatientID: change.PatientID,
    SourceIp: 'scheduler',
  };
}

/**
 * The audit trail of one request (DESIGN.md section 5), handed to services by the endpoint chain.
 * A write's record goes into the same transaction as the change (`write` returns its TransactWrite
 * item); reads are collected and stored by the chain before it answers. The chain refuses to
 * answer when a route does not record what its `audit` kind promises, so no route can forget it.
 */
export class AuditTrail {
  private readonly reads: AuditRecord[] = [];
  private writes = 0;

  constructor(private readonly context: { caller: Caller; route: string; sourceIp: string; userAgent?: string; declared: RouteAudit }) {}

  private record(action: 'read' | 'write', entity: string, id: string, tenant: AuditTenant, changes?: AuditChange[]): AuditRecord {
    const { caller, route, sourceIp, userAgent } = this.context;
    return {
      AuditID: randomUUID(),
      At: new Date().toISOString(),
      UserID: caller.userId,
      Role: caller.role,
      Route: route,
      Action: action,
      Entity: entity,
      EntityID: id,
      Changes: changes,
      ServiceProviderID: tenant.ServiceProviderID,
      ClinicID: tenant.ClinicID,
      PatientID: tenant.PatientID,
      SourceIp: sourceIp,
      UserAgent: userAgent?.slice(0, 512),
    };
  }

  /**
   * The record of a change, for the repository to create in the change's own transaction (all or
   * nothing; `audit.create(auditItem(record))` among the transaction's items).
   */
  write(change: AuditedWrite): AuditRecord {
    if (this.context.declared !== 'write') throw new Error(`${this.context.route} writes but declares audit '${this.context.declared}'`);
    this.writes += 1;
    return this.record('write', change.entity, change.id, change, changedFields(change.before, change.after));
  }

  /** Whether a change was recorded yet. */
  get hasWrites(): boolean {
    return this.writes > 0;
  }

  /** Notes that the caller read this entity; stored by the chain before the answer leaves. */
  read(target: AuditedRead): void {
    if (this.context.declared !== 'read') throw new Error(`${this.context.route} reads patient data but declares audit '${this.context.declared}'`);
    this.reads.push(this.record('read', target.entity, target.id, target));
  }

  /** Called by the chain after the service: stores the reads, and holds the route to its declaration. */
  async complete(): Promise<void> {
    const { declared, route } = this.context;
    if (declared === 'write' && this.writes === 0) throw new Error(`${route} declares audit 'write' but recorded no change`);
    if (declared === 'read' && this.reads.length === 0) throw new Error(`${route} declares audit 'read' but recorded no read`);
    if (this.reads.length > 0) await auditRepository.record(this.reads);
  }
}

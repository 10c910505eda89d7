import { randomUUID } from 'node:crypto';
import type { OnCallRota, OnCallShiftInput, OnCallShiftRow } from '@shared/api/on-call';
import * as messages from '@shared/messages';
import type { AuditTrail } from '../audit/audit-trail';
import { onCallRepository, type OnCallShift } from '../data/on-call-repository';
import { allItems } from '../data/page';
import { rolesOf, usersRepository, type UserRecord } from '../data/users-repository';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';

/** The roles that may be on call: the clinic's clinicians. */
const CLINICIANS = new Set(['ClinicDirector', 'Doctor', 'Nurse']);

function directorsClinic(caller: Caller): { clinicId: string; serviceProviderId: string } {
  if (caller.role !== 'ClinicDirector' || !caller.clinicId || !caller.serviceProviderId) throw forbidden();
  return { clinicId: caller.clinicId, serviceProviderId: caller.serviceProviderId };
}

const toRow = ({ ShiftID, UserID, Name, From, To, Email, Phone }: OnCallShift): OnCallShiftRow => ({ ShiftID, UserID, Name, From, To, Email, Phone });

const isClinician = (user: UserRecord) => user.IsEnabled && rolesOf(user).some((role) => CLINICIANS.has(role));

/** The clinic's rota from now on (every shift that has not ended, by start time) and its enabled clinicians. */
export async function onCallRota(caller: Caller, now = new Date()): Promise<OnCallRota> {
  const { clinicId } = directorsClinic(caller);
  const [shifts, users] = await Promise.all([
    onCallRepository.listFrom(clinicId, now.getTime()),
    allItems((page) => usersRepository.listByClinic(clinicId, page)),
  ]);
  const clinicians = users
    .filter(isClinician)
    .map(({ UserID, FirstName, LastName, Role, Email, Phone }) => ({ UserID, Name: `${FirstName} ${LastName}`, Role, Email, Phone }));
  return { items: shifts.map(toRow), clinicians };
}

/**
 * Adds a shift (the ClinicDirector, own clinic): the clinician is an enabled clinician of the
 * clinic, the shift has not ended and overlaps none, checked against the rota's version so two
 * directors adding at once cannot both pass.
 */
export async function addOnCallShift(caller: Caller, audit: AuditTrail, input: OnCallShiftInput, now = new Date()): Promise<OnCallShiftRow> {
  const { clinicId, serviceProviderId } = directorsClinic(caller);
  const clinician = await usersRepository.get(input.UserID);
  if (!clinician || clinician.ClinicID !== clinicId || !isClinician(clinician)) {
    throw badRequest(messages.onCall.clinicianNotInClinic);
  }
  const from = Date.parse(input.From);
  const to = Date.parse(input.To);
  if (to <= now.getTime()) throw badRequest(messages.onCall.endsInThePast);
  const version = await onCallRepository.version(clinicId);
  const [clash] = await onCallRepository.overlapping(clinicId, from, to);
  if (clash) throw conflict(messages.onCall.overlaps(clash.Name, clash.From, clash.To));
  const shift: OnCallShift = {
    ClinicID: clinicId,
    ServiceProviderID: serviceProviderId,
    ShiftID: randomUUID(),
    UserID: clinician.UserID,
    Name: `${clinician.FirstName} ${clinician.LastName}`,
    From: input.From,
    To: input.To,
    Email: input.Email,
    Phone: input.Phone,
    CreatedBy: caller.userId,
  };
  const record = audit.write({ entity: 'OnCallShift', id: shift.ShiftID, after: toRow(shift), ClinicID: clinicId, ServiceProviderID: serviceProviderId });
  if ((await onCallRepository.add(shift, version, record)) === 'changedMeanwhile') throw conflict(messages.onCall.changedMeanwhile);
  return toRow(shift);
}

/** Removes a shift that has not ended (the ClinicDirector, own clinic); another clinic's shift is not found. */
export async function removeOnCallShift(caller: Caller, audit: AuditTrail, shiftId: string, now = new Date()): Promise<{ removed: true }> {
  const { clinicId, serviceProviderId } = directorsClinic(caller);
  const shift = (await onCallRepository.listFrom(clinicId, now.getTime())).find((candidate) => candidate.ShiftID === shiftId);
  if (!shift) throw notFound();
  const record = audit.write({ entity: 'OnCallShift', id: shift.ShiftID, before: toRow(shift), ClinicID: clinicId, ServiceProviderID: serviceProviderId });
  if ((await onCallRepository.remove(shift, record)) === 'changedMeanwhile') throw notFound();
  return { removed: true };
}

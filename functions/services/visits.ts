import { patientWeekOf } from '@shared/alerts';
import { highlightOfFlag, visitHighlightKinds, type CloseVisitBody, type Visit, type VisitHighlights, type VisitsResult } from '@shared/api/prescriptions';
import * as messages from '@shared/messages';
import { allItems } from '../data/page';
import { turbidityFigure, turbiditySumsOf, type TurbiditySums } from '../data/visit-turbidity';
import { patientsRepository, type PatientRecord } from '../data/patients-repository';
import { prescriptionsRepository, type PrescriptionRecord } from '../data/prescriptions-repository';
import { visitsRepository, type VisitMeasurement, type VisitRecord } from '../data/visits-repository';
import type { AuditTrail } from '../audit/audit-trail';
import type { Caller } from '../lib/caller';
import { conflict } from '../lib/errors';
import { inScope } from '../lib/scope';
import { reachablePatientWith } from './reachable-patient';

const v = messages.visits;

/** The spec's page size (section 9: 8 rows). */
const VISITS_PAGE = 8;
/** The open visit shows its latest readings; the exchanges tab has them all. */
const OPEN_VISIT_MEASUREMENTS = 100;

/** The visit highlights of spec section 9: the visit's alerts counted by kind. */
async function highlightsOf(visit: VisitRecord): Promise<VisitHighlights> {
  const counts = Object.fromEntries(visitHighlightKinds.map((kind) => [kind, 0])) as VisitHighlights;
  for (const alert of await allItems((page) => visitsRepository.visitAlerts(visit, page))) counts[highlightOfFlag[alert.flag]] += 1;
  return counts;
}

/** The visit turbidity figure (spec section 9) over the visit's exchanges, for a visit opened before ingest kept its sums. */
export function visitTurbidity(measurements: readonly Pick<VisitMeasurement, 'BubblesTurbidityCalc'>[]): number | null {
  const sums: Required<TurbiditySums> = { TurbiditySamples: 0, SumMeanCleanDrain: 0, SumStdevCleanDrain: 0, SumMeanCleanFill: 0, SumStdevCleanFill: 0 };
  for (const { BubblesTurbidityCalc } of measurements) {
    if (!BubblesTurbidityCalc) continue;
    for (const [key, value] of Object.entries(turbiditySumsOf(BubblesTurbidityCalc)) as [keyof TurbiditySums, number][]) sums[key] += value;
  }
  return turbidityFigure(sums);
}

/**
 * What a visit shows beyond its item: its highlights (its alerts counted by kind), turbidity figure
 * and latest readings. A visit that keeps its turbidity sums reads one page of readings, however
 * long it stays open (a patient two years without a visit has some 3,000 exchanges in it); one
 * opened before the sums were kept reads every exchange of its period, as before.
 */
async function visitFigures(visit: VisitRecord): Promise<{ highlights: VisitHighlights; turbidity: number | null; measurements: VisitMeasurement[] }> {
  if (visit.KeepsTurbiditySums) {
    const [highlights, latest] = await Promise.all([highlightsOf(visit), visitsRepository.visitMeasurements(visit, { limit: OPEN_VISIT_MEASUREMENTS })]);
    return { highlights, turbidity: turbidityFigure(visit), measurements: latest.items };
  }
  const [highlights, measurements] = await Promise.all([highlightsOf(visit), allItems((page) => visitsRepository.visitMeasurements(visit, page))]);
  return { highlights, turbidity: visitTurbidity(measurements), measurements };
}

const withoutTurbidityStats = ({ BubblesTurbidityCalc, ...measurement }: VisitMeasurement) => measurement;

/**
 * A visit as the screen shows it. A closed visit shows what was saved when it was closed (its
 * highlights, turbidity figure and prescription); the open one, and a visit closed before these
 * were saved, is counted from its period.
 */
async function toVisit(patient: PatientRecord, visit: VisitRecord, current: Promise<PrescriptionRecord | undefined>): Promise<Visit> {
  const saved = visit.Visited && visit.Highlights !== undefined;
  const [figures, prescription] = await Promise.all([
    saved ? undefined : visitFigures(visit),
    visit.Visited ? visit.PrescriptionID && prescriptionsRepository.getPrescription(patient.UserID, visit.PrescriptionID) : current,
  ]);
  return {
    OpenDate: visit.OpenDate,
    ClosedDate: visit.ClosedDate,
    Visited: visit.Visited,
    Findings: visit.Findings,
    Recommendation: visit.Recommendation,
    UrineOutput: visit.UrineOutput,
    PatientUtilizationSnapshot: visit.PatientUtilizationSnapshot,
    ExchangeCount: visit.ExchangeCount ?? 0,
    AlertCount: visit.AlertCount ?? 0,
    highlights: figures?.highlights ?? { ...(Object.fromEntries(visitHighlightKinds.map((kind) => [kind, 0])) as VisitHighlights), ...visit.Highlights },
    turbidity: figures ? figures.turbidity : (visit.Turbidity ?? null),
    measurements: visit.Visited ? undefined : figures!.measurements.slice(0, OPEN_VISIT_MEASUREMENTS).map(withoutTurbidityStats),
    CurrentPatientProtocol: prescription ? [prescription] : [],
  };
}

/** …/getVisits (spec section 7): the open visit and the previous ones, newest first by OpenDate, a page at a time. */
export async function getVisits(caller: Caller, audit: AuditTrail, patientId: string, query: { limit?: number; cursor?: string }): Promise<VisitsResult> {
  // The page of visits is read with the patient (the tenant check); the prescription needs the patient.
  const [patient, page] = await reachablePatientWith(caller, patientId, () =>
    visitsRepository.listVisits(patientId, { limit: query.limit ?? VISITS_PAGE, cursor: query.cursor }),
  );
  audit.read({ entity: 'Visit', id: patientId, PatientID: patientId, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID });
  const current = prescriptionsRepository.currentPrescription(patient);
  const [, visits] = await Promise.all([current, Promise.all(page.items.map((visit) => toVisit(patient, visit, current)))]);
  return { visits, cursor: page.cursor ?? undefined };
}

/**
 * …/closeOpenVisit (spec section 7, ClinicDirector and Doctor): the open visit gets its findings
 * and is closed, with what it showed (highlights, turbidity figure, the current prescription)
 * saved as the clinician saw it, and its audit record, in one conditional transaction: of two
 * clinicians closing at once, one closes it and the other gets 409. The next exchange opens a new
 * visit whose period starts at this ClosedDate (ingest).
 */
export async function closeOpenVisit(
  caller: Caller,
  audit: AuditTrail,
  patientId: string,
  body: CloseVisitBody,
  now = new Date(),
): Promise<{ status: 'closed'; visit: Visit }> {
  const patient = inScope(caller, 'patient', await patientsRepository.get(patientId));
  const open = patient.OpenVisitOpenDate ? await visitsRepository.getVisit(patientId, patient.OpenVisitOpenDate) : undefined;
  if (!open || open.Visited) throw conflict(v.noOpenVisit);
  const { highlights, turbidity } = await visitFigures(open);
  const closedDate = now.toISOString();
  const findings = {
    Findings: body.Findings,
    Recommendation: body.Recommendation,
    UrineOutput: body.UrineOutput,
    Highlights: highlights,
    ...(turbidity === null ? {} : { Turbidity: turbidity }),
    ...(patient.CurrentPrescriptionID ? { PrescriptionID: patient.CurrentPrescriptionID } : {}),
  };
  const record = audit.write({
    entity: 'Visit',
    id: `${patientId}/${open.OpenDate}`,
    before: { Visited: false },
    after: { Visited: true, ClosedDate: closedDate, Findings: body.Findings, Recommendation: body.Recommendation, UrineOutput: body.UrineOutput },
    PatientID: patientId,
    ClinicID: patient.ClinicID_ref,
    ServiceProviderID: patient.ServiceProviderID,
  });
  const week = patientWeekOf(patient, closedDate);
  if ((await visitsRepository.closeVisit(patientId, open.OpenDate, closedDate, findings, record, week)) === 'not-open') throw conflict(v.closedMeanwhile);
  const closed: VisitRecord = { ...open, ...findings, Visited: true, ClosedDate: closedDate };
  return { status: 'closed', visit: await toVisit(patient, closed, Promise.resolve(undefined)) };
}

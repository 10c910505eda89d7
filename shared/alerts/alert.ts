import { z } from 'zod';

/** The alert flags of the spec (section 3, Alert flags), exactly as spelled there. */
export const alertFlags = [
  'SkippedAlert',
  'MachineProblemAlert',
  'WeightIncreasedAlert',
  'LowUfAlert',
  'BPDecreasedAlert',
  'BPIncreaseAlert',
  'HighPulseAlert',
  'LowPulseAlert',
  'HighDrainTempAlert',
  'NoDrainAlert',
  'TurbidityIncreasedAlert',
] as const;
export type AlertFlag = (typeof alertFlags)[number];

/** 2 is medium (yellow), 3 is high (red); 1 (normal, green) is the status with no alert. */
export type AlertSeverity = 2 | 3;
export type AlertStatusValue = 1 | AlertSeverity;

/** The status a patient's unresolved-alert counters give: the highest severity with any (spec section 4). */
export function statusFromCounts(high = 0, medium = 0): AlertStatusValue {
  if (high > 0) return 3;
  if (medium > 0) return 2;
  return 1;
}

export const alertSchema = z
  .object({
    flag: z.enum(alertFlags),
    severity: z.union([z.literal(2), z.literal(3)]),
    textValue: z.string().min(1).max(1000),
  })
  .strict();

export type Alert = z.infer<typeof alertSchema>;

/**
 * The severity of each flag, by clinical urgency; docs/alerts.md gives the reason for each.
 * 3: possible peritonitis, a device that stopped, fluid left in the abdomen, hypotension.
 * 2: needs review by the team, not the same hour.
 * One exception: a BPDecreasedAlert with only the diastolic low is 2 (blood-pressure.ts).
 */
export const alertSeverities: Readonly<Record<AlertFlag, AlertSeverity>> = {
  SkippedAlert: 2,
  MachineProblemAlert: 3,
  WeightIncreasedAlert: 2,
  LowUfAlert: 2,
  BPDecreasedAlert: 3,
  BPIncreaseAlert: 2,
  HighPulseAlert: 2,
  LowPulseAlert: 2,
  HighDrainTempAlert: 3,
  NoDrainAlert: 3,
  TurbidityIncreasedAlert: 3,
};

/** An alert with its flag's severity, unless a rule gives a lower one for a milder finding. */
export function makeAlert(flag: AlertFlag, textValue: string, severity: AlertSeverity = alertSeverities[flag]): Alert {
  return { flag, severity, textValue };
}

export interface AlertStatus<A extends Alert = Alert> {
  /** 1 with no alert, else the highest severity. */
  statusValue: AlertStatusValue;
  /** The alert that decides the status: the highest, and of equals the later one. */
  alert?: A;
}

/**
 * The status of an exchange, patient or device row (spec section 4, Alert severity): the highest
 * severity among its alerts, taking the later one on ties, 1 when there is none. "Later" is
 * later in the list, so pass alerts oldest first.
 */
export function alertStatus<A extends Alert>(alerts: readonly A[]): AlertStatus<A> {
  let decisive: A | undefined;
  for (const alert of alerts) {
    if (!decisive || alert.severity >= decisive.severity) decisive = alert;
  }
  return decisive ? { statusValue: decisive.severity, alert: decisive } : { statusValue: 1 };
}

/**
 * The alert a status cell shows for several (spec section 4): the decisive one, so the words and
 * the colour agree. The spec lets an alert saying the prescription is not approved take its place,
 * but no flag of section 3 says that and no rule raises it (the prescription tab shows that
 * notice), so the summary follows flag and severity, never an alert's text.
 */
export function alertSummary<A extends Alert>(alerts: readonly A[]): A | undefined {
  return alertStatus(alerts).alert;
}

/**
 * Folds statuses (e.g. one per exchange, oldest first) into one with the same rule: the highest
 * wins, the later one on ties. A patient's status is the merge of their exchanges' statuses.
 */
export function mergeAlertStatus(statuses: readonly AlertStatus[]): AlertStatus {
  return alertStatus(statuses.flatMap((status) => (status.alert ? [status.alert] : [])));
}

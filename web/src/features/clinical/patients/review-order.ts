import type { PatientListItem } from '@shared/api/patients';

type ReviewFields = Pick<PatientListItem, 'statusValue' | 'unresolvedSince' | 'LastExchangeTime'>;

const timeOf = (value: string | undefined): number | undefined => {
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? undefined : time;
};

/**
 * 'Needs review first' (beyond the spec): the highest severity first; of equals, the one whose
 * oldest unresolved alert has waited longest; then the one silent longest since its last exchange,
 * a patient with no exchange at all counting as the longest (nothing has been seen of them).
 */
export function compareForReview(a: ReviewFields, b: ReviewFields): number {
  if (a.statusValue !== b.statusValue) return b.statusValue - a.statusValue;
  const sinceA = timeOf(a.unresolvedSince);
  const sinceB = timeOf(b.unresolvedSince);
  if (sinceA !== sinceB) {
    if (sinceA === undefined) return 1;
    if (sinceB === undefined) return -1;
    return sinceA - sinceB;
  }
  const lastA = timeOf(a.LastExchangeTime);
  const lastB = timeOf(b.LastExchangeTime);
  if (lastA === lastB) return 0;
  if (lastA === undefined) return -1;
  if (lastB === undefined) return 1;
  return lastA - lastB;
}

/** Texts a device reports when nothing is wrong; the device's error list drops them (spec section 3, Device). */
const NOT_AN_ERROR = new Set(['', 'no error', 'error1']);

/**
 * False for the entries the spec drops: an empty text, 'no error' or 'error1'. Compared after
 * trimming and ignoring letter case, so 'No Error ' is dropped too.
 */
export function isReportableMachineProblem(machineProblem: string | null | undefined): boolean {
  return !NOT_AN_ERROR.has((machineProblem ?? '').trim().toLowerCase());
}

/** A device's errors without the entries that are not errors; order is kept. */
export function filterDeviceErrors<T extends { MachineProblem?: string | null }>(errors: readonly T[]): T[] {
  return errors.filter((error) => isReportableMachineProblem(error.MachineProblem));
}

/** Not spec texts: the ClinicDirector's week of the care team (/patients/week, beyond the spec). */
export const careWeek = {
  title: 'This week',
  open: 'This week',
  description:
    "Each patient's week, Monday to Sunday in the patient's time zone: exchanges done against those prescribed so far, alerts raised and cleared, visits closed, and who cleared what.",
  weekOf: (week: string, monday: string, sunday: string) => `Week ${week}: ${monday} to ${sunday}`,
  previousWeek: 'Previous week',
  nextWeek: 'Next week',
  currentWeek: 'Current week',
  columns: {
    patientName: 'Patient',
    adherence: 'Adherence (%)',
    exchanges: 'Exchanges done',
    prescribed: 'Exchanges prescribed so far',
    alertsRaised: 'Alerts raised',
    alertsCleared: 'Alerts cleared',
    visitsClosed: 'Visits closed',
    clearedBy: 'Who cleared what',
  },
  cleared: (name: string, count: number, flags: string, day: string) => `${name} cleared ${count} ${count === 1 ? 'alert' : 'alerts'} (${flags}) on ${day}`,
  /** The adherence cell when no prescribed exchange of the week is due yet (or there is no prescription). */
  nothingDue: 'Nothing due yet',
  csvFileName: (week: string) => `care-team-week-${week}.csv`,
  weekNotValid: 'Week must be an ISO week, yyyy-Www',
} as const;

/** Not spec texts: the ClinicDirector's on-call rota and the escalation of unresolved alerts (beyond the spec). */
export const onCall = {
  title: 'On call',
  open: 'On-call rota',
  description: 'Who receives unresolved alerts when no one is looking at the portal: by e-mail and SMS, after the times set in the escalation settings.',
  addShift: 'Add shift',
  add: 'Add',
  cancel: 'Cancel',
  remove: 'Remove',
  removeShift: (name: string) => `Remove the shift of ${name}?`,
  empty: 'No one is on call from now on',
  columns: {
    name: 'On call',
    from: 'From',
    to: 'To',
    email: 'Email',
    phone: 'Phone',
    actions: 'Actions',
  },
  fields: {
    UserID: 'Clinician',
    From: 'From',
    To: 'To',
    Email: 'Email',
    Phone: 'Phone',
  },
  /** The names of a time field's two inputs, its day and its hour, for screen readers. */
  dateOf: (label: string) => `${label} date`,
  timeOf: (label: string) => `${label} time`,
  clinicianRequired: 'Clinician is required',
  clinicianNotInClinic: 'The clinician is not a user of this clinic',
  fromRequired: 'From is required',
  toRequired: 'To is required',
  timeNotValid: (label: string) => `${label} is not a valid time`,
  fromBeforeTo: 'From must be before To',
  tooLong: (days: number) => `A shift lasts at most ${days} days`,
  endsInThePast: 'The shift has already ended',
  overlaps: (name: string, from: string, to: string) => `The shift overlaps the shift of ${name} from ${from} to ${to}`,
  changedMeanwhile: 'The rota was changed meanwhile; read it again',
  emailRequired: 'Email is required',
  emailNotValid: 'Email is not valid',
  phoneRequired: 'Phone is required',
  phoneNotValid: 'Phone number is not valid',
  /** The escalation's notices: a patient reference and a link, never a name or clinical data. */
  noticeSubject: 'PD Clinic Portal: an alert is waiting for you',
  noticeText: (patientRef: string, count: number, minutes: number, link: string) =>
    `${count === 1 ? 'An alert' : `${count} alerts`} of patient ${patientRef} ${count === 1 ? 'has' : 'have'} been unresolved for ${minutes} minutes.\n` +
    `Open the patient's screen (after sign-in) to review: ${link}\n` +
    'Opening the link, or clearing the alert, stops further notices.\n',
  noticeSms: (patientRef: string, link: string) => `PD portal: unresolved alert, patient ${patientRef}. ${link}`,
  acknowledged: 'You opened this patient from an alert notice: the notice is acknowledged.',
} as const;

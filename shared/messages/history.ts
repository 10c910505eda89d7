/** Not spec texts: the audit trail's screen. */
export const history = {
  title: 'History',
  filters: 'Filters',
  description: 'Who read or changed what, when, and from where. Records are kept six years and never changed.',
  month: 'Month',
  person: 'Person (user id)',
  patient: 'Patient (patient id)',
  apply: 'Show',
  columns: {
    at: 'When',
    user: 'Who',
    role: 'Role',
    action: 'Action',
    entity: 'What',
    id: 'Id',
    changes: 'Changed fields',
    patient: 'Patient',
    source: 'From',
  },
  read: 'read',
  write: 'changed',
} as const;

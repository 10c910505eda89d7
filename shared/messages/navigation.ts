export const navigation = {
  serviceProviders: 'Service Providers',
  clinics: 'Clinics',
  devices: 'Devices',
  users: 'Users',
  settings: 'System Settings',
  myProfile: 'admin',
  patients: 'Patients List',
  addPatient: 'Add Patient',
  /** Not a spec text: the audit trail's screen (beyond the spec; DESIGN.md section 5). */
  history: 'History',
} as const;

/**
 * The clinic screens (spec sections 2 "Administrative routes", "List screens", 3 "Clinic",
 * "Clinic admin profile", 4 "Clinic edit"): the spec's texts as written, the rest ours.
 */
export const clinicScreens = {
  columns: {
    ClinicName: 'Clinic Name',
    Location: 'Location',
    ActivePatientLinkedDeviceCount: 'Activated Devices',
    ClinicExchangeCounter: 'Total No. of exchanges',
    ClinicLastExchangeTime: 'Last exchange time',
    ServiceProviderName: 'Service provider',
  },
  /** Not a spec text: the status filter's label (spec 4 "Enabled flags": 'Active' and 'Inactive'). */
  statusFilter: 'Active or Inactive Clinics',
  csvFileName: 'clinics.csv',
  addClinic: 'Add clinic',
  back: 'Back',
  /** Not spec texts: the clinic's tabs and its create and edit forms. */
  tabsLabel: 'Clinic tabs',
  tabs: { users: 'Users', edit: 'Edit clinic', devices: 'Devices' },
  createTitle: 'Create Clinic',
  details: 'Clinic details',
  editTitle: 'Edit Clinic',
  fields: {
    ClinicName: 'Clinic name',
    ClinicPhone: 'Phone',
    ClinicAddress: 'Address',
    ClinicIsEnabled: 'Status',
    Email: 'Contact Email',
    image: 'Logo',
    ServiceProviderName: 'Service provider',
    ContactPersonFullName: 'Contact person',
    ClinicAdmin: 'Clinic admin',
  },
  /** Not a spec text: the logo's upload to the image store failed. */
  logoUploadFailed: 'The logo could not be uploaded, please try again',
  /** Not a spec text: a new clinic has no upload link yet, so its logo comes with a later edit. */
  logoAfterCreate: 'The logo can be added once the clinic is created: open the clinic and edit it.',
  save: 'Save',
  create: 'Create',
  /** Spec 4 "Clinic edit". */
  confirmEditTitle: 'Accept changes',
  confirmEditLines: ['You are going to change the clinic.', 'It can not be undone, so make sure you still would like to change it.'],
  /** Not spec texts: the creation's confirmation (spec 4 "Creation flows": it cannot be undone). */
  confirmCreateTitle: 'Create clinic',
  confirmCreateLines: ['You are going to create the clinic.', 'It can not be undone, so make sure you still would like to create it.'],
  confirmProfileLines: ["You are going to change the clinic's profile.", 'It can not be undone, so make sure you still would like to change it.'],
  /** Not spec texts: the saved messages. */
  created: 'Clinic Saved',
  updated: 'Clinic Saved',
  changedFields: (fields: string) => `Changed: ${fields}`,
  nothingChanged: 'Nothing was changed.',
  readOnly: 'Read-only: the platform administrator views clinics without changing them.',
  profileTitle: 'Clinic admin profile',
  settings: {
    title: 'Settings',
    createDescription:
      "The new clinic starts from its service provider's settings in force. Change a value only where this clinic should decide it itself; the clinic keeps only the values you change, and follows its provider for the rest.",
    editDescription: 'The settings in force for this clinic and where each value comes from.',
    source: 'Comes from',
    sources: { clinic: 'clinic', provider: 'provider', global: 'global', default: 'default', changed: 'clinic (changed here)' },
    setting: 'Setting',
    value: 'Value',
  },
} as const;

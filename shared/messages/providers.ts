/** The service provider form (spec section 5 "Service provider"). */
export const providers = {
  nameRequired: 'Service provider name is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailNotValid: 'Email is not valid',
  phoneRequired: 'Phone is required',
  phoneNotValid: 'Phone number is not valid',
  notCreated: 'Service Provider was not created',
  saved: 'Service Provider Saved',
  /** The /sp list (spec section 2 "List screens"); the headers name the spec's columns. */
  list: {
    columns: {
      ServiceProviderName: 'Service Provider Name',
      Clinics: 'Activated Clinics',
      ActivePatientLinkedDeviceCount: 'Activated Devices',
      SPExchangeCounter: 'Total No. of exchanges',
    },
    statusFilter: 'Active or Inactive Service Providers',
    /** Not spec texts: the add and spreadsheet buttons, the file's name, the spId filter's note. */
    add: 'Add Service Provider',
    exportSpreadsheet: 'Export spreadsheet',
    spreadsheetFileName: 'service-providers.xlsx',
    sheetName: 'Service Providers',
    status: 'Status',
    filteredBy: (spId: string) => `Showing the service provider ${spId}`,
    showAll: 'Show all service providers',
  },
  /** Not spec texts: the provider's tabs (/sp/sptabs). */
  tabs: {
    label: 'Service provider',
    clinics: 'Clinics',
    users: 'Users',
    admin: 'Admin',
    back: 'Back',
  },
  /** The provider's form (create, the provider tabs' admin, /myprofile); the labels are ours. */
  form: {
    createTitle: 'Create Service Provider',
    profileTitle: 'Service Provider Profile',
    ServiceProviderName: 'Service provider name',
    FirstName: 'First name',
    LastName: 'Last name',
    Email: 'Email',
    Phone: 'Phone',
    ServiceProviderAddress: 'Address',
    image: 'Logo',
    enabled: 'Status',
    save: 'Save',
    confirmCreateTitle: 'Create service provider',
    confirmCreate: 'You are going to create the service provider and its administrator.',
    confirmUpdateTitle: 'Accept changes',
    confirmUpdate: 'You are going to change the service provider.',
    cannotUndo: 'It can not be undone, so make sure you still would like to change it.',
  },
} as const;

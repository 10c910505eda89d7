/**
 * Every user-facing text of the product, worded exactly as the spec (portal-spec.md) has it,
 * typos included: the spec's words are the product's words. Web and handlers both read from here.
 */
export const messages = {
  session: {
    authenticationError: 'authentication error',
    wrongCredentials: 'Wrong User name or password',
    userDisabled: 'User is disabled',
    usernameRequired: 'Username is required',
    passwordRequired: 'Password is required',
    acceptTermsRequired: 'Accept Terms & Conditions is required',
    passwordRule: 'Password must contain at least one of: small letters, big letters, numbers and [!,@,#,$,%,^,*,] with length of 8-20',
    passwordsMustMatch: 'Passwords must match',
    authenticationCodeRequired: 'Authentication code is required',
    emailRequired: 'Email is required',
    emailNotValid: 'Email is not valid',
    recoverySucceededTitle: 'Recovery Successed',
    recoveryFailedTitle: 'Recovery failed',
    recoveryFailure: 'The email account that you tried to reach does not exist, please retry',
    recoverySuccess: "You'll recieve an email with your password, If you do not find the email, please check your junk or spam folder",
    captchaBlocked: 'Blocked By ReCAPTCHA',
    captchaExpired: 'ReCAPTCHA Expired, please refresh the page',
    captchaError: 'ReCAPTCHA Error',
  },
  errors: {
    notFound: '404 not found',
    pageNotFound: 'Sorry , this page not avaible',
    noAccess: (thing: string) => `Error: signed user don't have access to ${thing}.`,
    noExchangeUpdatePermission: 'signed user does not have the permission to update Exchange',
    missingProviderId: 'must have Service Provider id to get settings',
    noPermission: 'You do not have the permission to execute this operation',
    alreadyRegistered: (field: string) => `${field} is already registered.`,
    /** Not a spec text: the answer to a request the server could not parse or did not expect. */
    malformedRequest: 'The request is not valid',
    /** Not a spec text: the answer when the server failed; details stay in the server's log. */
    internal: 'Something went wrong, please try again',
    /** Not a spec text: the answer while a part the server needs is restarting (locally: the database or sign-in service). */
    unavailable: 'The portal is restarting a service, please try again in a few seconds',
    emptyList: 'No items match your search',
  },
  required: (label: string) => `${label} is required`,
  settings: {
    empty: (field: string) => `${field} is empty`,
    mustBePositive: (field: string) => `${field} must be bigger than 0`,
    defaultBetween: (field: string, min: string, max: string) => `${field} ${field} must be between ${min} and ${max}`,
    maxValue: (field: string, max: number) => `${field} max value is ${max}`,
    minValue: (field: string, min: number) => `${field} min value is ${min}`,
    utilizationOrder: 'Utilization status values must be in descending order from GOOD to LOW',
    notANumber: (field: string) => `${field} must be a number`,
    unknownUnit: (field: string) => `${field} is not a valid unit`,
  },
  /** The session screens' labels (spec section 2 "Session screens"); the words not in the spec are ours. */
  sessionScreens: {
    productName: 'PD Clinic Portal',
    loginTitle: 'Sign in',
    userId: 'User ID',
    password: 'Password',
    acceptTerms: 'Accept Terms & Conditions',
    login: 'Login',
    forgotPassword: 'I forgot the password',
    twoFactorTitle: 'Two-factor authentication',
    twoFactorDescription: 'Enter the 6-digit code from your authenticator app.',
    authenticationCode: 'Authentication code',
    verify: 'Verify',
    createPasswordTitle: 'Create a new password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    save: 'Save',
    recoveryTitle: 'Password recovery',
    recoveryDescription: 'Enter the e-mail of your account; we will send you a temporary password.',
    email: 'Email',
    send: 'Send',
    didNotGetEmail: "Didn't get the email",
    backToLogin: 'Back to login',
  },
  /** The top bar, navigation, footer and dialogs of the signed-in portal (spec sections 1 and 2). */
  shell: {
    /** Not spec texts: the names screen readers give the layout's own buttons and regions. */
    layoutLabels: {
      navigation: 'Navigation',
      navigationClose: 'Close navigation',
      navigationToggle: 'Open navigation',
      notifications: 'Notifications',
    },
    about: 'ABOUT',
    aboutTitle: 'About',
    logOut: 'Log Out',
    lastLoginAt: (date: string) => `Last login at ${date}`,
    activatedDevices: 'Activated devices',
    activatedClinics: 'Activated clinics',
    totalExchanges: 'Total exchanges',
    twoFactorMenuItem: 'Two-factor authentication',
    adminNavigation: 'Administration',
    clinicalNavigation: 'Clinic',
    copyright: '© LiberDi',
    terms: 'Terms & Conditions',
    frontendVersion: (version: string) => `Frontend version ${version}`,
    backendVersion: (version: string) => `Backend version ${version}`,
    loading: 'Loading',
  },
  navigation: {
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
  },
  /** Not spec texts: the audit trail's screen. */
  history: {
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
  },
  twoFactorSetup: {
    title: 'Two-factor authentication',
    intro: 'Scan the QR code with an authenticator app, or type the secret into it, then enter the first code it shows.',
    qrCodeAlt: 'QR code for the authenticator app',
    secret: 'Secret',
    turnOn: 'Turn on',
    enabled: 'Two-factor authentication is on: sign-in asks for a code from your authenticator app.',
    disabled: 'Two-factor authentication is off.',
    /** Shown to administrators who must use two-factor sign-in, before any screen (not a spec text). */
    required: 'Your role must use two-factor sign-in. Turn it on to continue; closing this signs you out.',
  },
  /**
   * The clinical screens (spec sections 2 "Patient area", 4, 5 "Patient create and profile",
   * "Comments" and 8 "Patient"): the spec's texts as written, typos included; the rest ours.
   */
  patients: {
    labels: {
      FirstName: 'First name',
      LastName: 'Last name',
      DOB: 'Date of birth',
      Gender: 'Gender',
      Hispanic: 'Ethnicity',
      RacialDesignation: 'Racial designation',
      SocialId: 'SocialId',
      Address: 'Address',
      Phone: 'Phone number',
      Cellphone: 'Cell-Phone number',
      Email: 'Email',
      DoctorID: 'Assigned physician',
      ReferringPhysician: 'Referring physician name',
      ReferringPhysician_Phone: 'Referring physician phone number',
      DialysisStart: 'Dialysis start date',
      PeritonealDialysisStart: 'Peritoneal dialysis start date',
      Weight: 'Weight',
      TargetWeight: 'Target weight',
      BloodPressure: 'Blood pressure',
      Pulse: 'Pulse',
      UrineOutput_CC: 'Urine output',
      GFR: 'GFR',
    },
    racialOptions: ['American Indian or Alaska native', 'Native Hawaiian or Other Pacific Islander', 'Asian', 'White', 'Black or African American', 'Other'],
    phoneNotValid: (label: string) => `${label} is not valid`,
    emailNotValid: 'Email is not valid',
    inputNotValid: (label: string) => `${label} input is not valid`,
    /** Not a spec text: a date that is not a calendar date, or a birth date in the future. */
    dateNotValid: (label: string) => `${label} is not a valid date`,
    /** Not a spec text: the assigned physician must be a doctor or director of the patient's clinic. */
    physicianNotInClinic: 'Assigned physician must be a doctor of the clinic',
    notCreatedTitle: 'Patient was not created',
    checkData: "Please check the data you've entered",
    tryAgain: 'Please try again',
    saved: 'Patient Saved',
    notUpdated: "Patient was not updated - Please check the data you've entered for:",
    updated: "Patient's is updated - You have changed the patient's data of:",
    profileTitle: 'PATIENT PROFILE',
    commentAdded: 'A comment is added to an exchnage',
    /** Not a spec text: a comment longer than spec section 5's 1000 characters. */
    commentTooLong: 'Comment must be 1000 characters or less',
    addExchange: '+ Add exchange',
    clearAlerts: 'Clear alerts',
    /** Not a spec text: an exchange entered by hand needs the device the patient uses. */
    noDeviceForManualExchange: 'Assign a device to the patient before adding an exchange',
    /** Not a spec text: an exchange entered by hand cannot be in the future. */
    futureExchange: 'An exchange cannot be in the future',
    /** The /patients list: the spec's list item (section 3) and status filter values (section 9); the rest ours. */
    list: {
      columns: {
        patientName: 'Name',
        socialId: 'SocialId',
        status: 'Status',
        gender: 'Gender',
        age: 'Age',
        Protocol: 'Protocol',
        assignedPhysician: 'Assigned physician',
      },
      statusFilter: 'Status',
      severities: { 3: 'High', 2: 'Medium', 1: 'Normal' },
      physicianFilter: 'Assigned physician',
      /** Not a spec text: the popover's title over a patient's alerts. */
      alerts: 'Alerts',
      /** Not a spec text: more unresolved alerts than the row carries. */
      moreAlerts: (count: number) => `and ${count} more`,
      /** Not spec texts: the default order (beyond the spec) and why. */
      reviewOrder: 'Needs review first',
      reviewOrderDescription:
        'Before you sort a column, patients are ordered by the highest severity of their unresolved alerts, then by how long their oldest alert has waited (longest first), then by the hours since their last exchange (none at all counts as longest).',
    },
    /** Not spec texts: the form's sections, choices and dialogs' buttons. */
    form: {
      personal: 'Personal data',
      clinical: 'Clinical profile',
      male: 'Male',
      female: 'Female',
      yes: 'Yes',
      no: 'No',
      choose: 'Choose',
      save: 'Save',
      /** The confirmation before a create or a change (spec 4 "Creation flows": it cannot be undone). */
      confirmCreateTitle: 'Save patient',
      confirmCreate: 'You are going to create the patient.',
      confirmUpdateTitle: 'Accept changes',
      confirmUpdate: 'You are going to change the patient.',
      cannotUndo: 'It can not be undone, so make sure you still would like to change it.',
    },
  },
  /** The prescription screen and its calls (spec sections 4 "Prescription", "Serial number entry", 5 "Prescription", 8 "Prescription"). */
  prescriptions: {
    approved: 'Prescription approved',
    notApproved: 'Prescription not approved',
    notApprovedNotice: 'Prescription is not approved',
    exchangeRequired: 'Exchange is required',
    exchangeFluidRequired: 'Exchange Fluid is required',
    exchangeVolumeRequired: 'Exchange Volume is required',
    exchangeDaysRequired: 'Exchange Days Frequency is required',
    exchangePerDayRequired: 'Exchange per Day is required',
    drainTimeRequired: 'Drain Time is required',
    fillTimeRequired: 'Fill Time is required',
    minFillTempRequired: 'min Fill Temp. is required',
    maxFillTempRequired: 'max Fill Temp. is required',
    serialNumberLength: 'SN length must be 9 characters',
    serialNumberRequired: 'IDA# is required and must be verified',
    timeAlreadySelected: 'Time already selected',
    dwellGap: 'Please choose a time with at least 3 hours differences between exchanges',
    notSavedTitle: 'Prescription is not saved',
    fillInRequired: "Please fill in required prescription's inputs for:",
    created: 'Prescription created',
    notCreated: 'Prescription was not created',
    deviceAssigned: 'Device assigned',
    deviceNotAssigned: 'Device was not assigned',
    checkDeviceNumber: "Please check the device number (IDA#) you've enter for:",
    /** Not a spec text: section 9's fill volume stepper bounds (0.5 to 3 litres). */
    exchangeVolumeRange: 'Exchange Volume must be between 0.5 and 3 liters',
    /** Not a spec text: section 9's at most 5 exchanges a day. */
    exchangesPerDayMax: 'At most 5 exchanges per day',
    /** Not a spec text: the times of one day across exchange cards (DESIGN.md section 10). */
    exchangesPerDayTotalMax: (day: string) => `At most 5 exchanges per day (${day})`,
    /** Not a spec text: fill or drain minutes beyond what a device can run. */
    minutesRange: (label: string) => `${label} must be between 0.1 and 240 minutes`,
    /** Not a spec text: fill temperature bounds in degrees C (docs/device-protocol.md). */
    fillTempRange: (label: string) => `${label} must be between 20 and 45 °C`,
    /** Not a spec text. */
    fillTempOrder: 'min Fill Temp. must not be above max Fill Temp.',
    /** Not a spec text: a time zone the server does not know. */
    timeZoneNotValid: 'Time zone is not valid',
    /** Not a spec text: the serial number is not the device linked to the patient. */
    notPatientsDevice: 'IDA# is not the device of this patient; assign the device first',
    /** Not a spec text: another clinician saved a prescription meanwhile. */
    changedMeanwhile: 'The prescription was changed meanwhile; reload it and save again',
    /** Not a spec text: the device is linked to another patient (moving it needs `move: true`, confirmed by the user). */
    deviceLinkedToOther: 'This device (IDA#) is linked to another patient; confirm to move it to this patient',
    /** Not a spec text: the device is switched off by its administrator. */
    deviceDisabled: 'This device (IDA#) is deactivated',
    /** Not a spec text: AdditionalMedication over its bound. */
    medicationTooLong: 'Additional medication must be 1000 characters or less',
  },
  /** The visits screen and its calls (spec sections 2 "Visits screen", 4 "Visits", 8 "Visit"). */
  visits: {
    empty: 'There is no visits yet.',
    saved: 'Visit is saved',
    notSaved: "Visit is not saved - Please fill in required visit's inputs for:",
    /** Not spec texts: the per-input reasons behind section 8's "Visit is not saved". */
    findingsRequired: 'Findings is required',
    recommendationRequired: 'Recommendation is required',
    urineOutputRequired: 'UrineOutput is required',
    /** Not a spec text: section 5's comment bound for the visit's texts. */
    textTooLong: (label: string) => `${label} must be 1000 characters or less`,
    /** Not a spec text: a urine output that is not a number of ml/kg at or above 0. */
    urineOutputNotValid: 'UrineOutput must be a number (ml/kg) of 0 or more',
    /** Not a spec text: there is no open visit to close (none yet, or someone closed it). */
    noOpenVisit: 'There is no open visit to save; it may have been saved by someone else',
    /** Not a spec text: two clinicians saved the same visit at once; the other one's was kept. */
    closedMeanwhile: 'This visit was saved by someone else meanwhile; reload to see it',
  },
  dialogs: {
    errorTitle: 'Error',
    close: 'Close',
  },
  /**
   * The words of the shared widgets (spec section 2 "Common widgets", 4 "Lists", 5 "Address
   * dialog"): the spec's texts as the spec writes them, the rest ours.
   */
  widgets: {
    confirmation: { accept: 'Accept', cancel: 'Cancel' },
    address: {
      title: 'Address',
      country: 'Country',
      city: 'City',
      street: 'Street',
      countryRequired: 'Country name is required',
      cityRequired: 'City name is required',
      streetRequired: 'Street name is required',
      tooLong: (label: string) => `${label} must be 100 characters or less`,
      accept: 'Accept',
      cancel: 'cancel',
      edit: 'Edit address',
      chooseCountry: 'Choose a country',
    },
    list: {
      empty: 'No items match your search',
      search: 'Search',
      searchIn: 'Search in',
      allColumns: 'All columns',
      searchMode: 'Search mode',
      include: 'includes',
      lessThan: 'less than',
      greaterThan: 'greater than',
      equal: 'equal',
      futureDate: 'Search by date cannot be in the future',
      status: 'Status',
      all: 'All',
      active: 'Active',
      inactive: 'Inactive',
      exportCsv: 'Export CSV',
      loadMore: 'Load more',
      matches: (count: number) => `${count} ${count === 1 ? 'match' : 'matches'}`,
      today: 'Today',
      nextMonth: 'Next month',
      previousMonth: 'Previous month',
      nextPage: 'Next page',
      previousPage: 'Previous page',
      pageLabel: (page: number) => `Page ${page}`,
      /** Not spec texts: the list's order before a column is sorted, and its explanation's button. */
      orderedBy: (label: string) => `Order: ${label}`,
      aboutOrder: (label: string) => `About the order ${label}`,
      close: 'Close',
    },
    fields: {
      activated: 'Activated',
      deactivated: 'Deactivated',
      chooseFile: 'Choose file',
      singleFileOnly: 'not support multiple files',
      noFile: 'no such files ',
      fileNameTooLong: 'the length of the file name should be 80 symbols or less ',
      fileType: 'Accepted types: png, jpg, jpeg, img',
      countryCode: 'Country code',
      decrease: 'Decrease',
      increase: 'Increase',
      /** Not spec texts: the date inputs' format and a saved message's button. */
      dateFormat: 'YYYY/MM/DD',
      ok: 'OK',
    },
    loading: 'Loading',
    deviceSettingsTitle: 'Device settings',
  },
} as const;

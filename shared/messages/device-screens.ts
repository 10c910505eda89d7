/**
 * The device screens (spec section 2 "/devices", the device sub-screens and "List screens", 4
 * "Device note", "Utilization bands", 6, 7): the spec's words as written, the rest ours.
 */
export const deviceScreens = {
  columns: {
    Status: 'Status',
    SerialNumber: 'Serial No.',
    Utilization: 'Utilization',
    Errors: 'Errors',
    ClinicName: 'Clinic name',
    ServiceProviderName: 'Service provider name',
    Comment: 'Comment',
    Settings: 'Settings',
  },
  csvFileName: 'devices.csv',
  /** Not spec texts: the status's text alternative (spec 4 "Enabled flags": Activated/Deactivated) and the filter's label. */
  activated: 'Activated',
  deactivated: 'Deactivated',
  statusFilter: 'Active or Inactive Devices',
  /** Not spec texts: the utilization icon's colours (spec 4 "Utilization bands") named for those who do not see them. */
  utilizationBand: { green: 'Green', yellow: 'Yellow', red: 'Red' },
  /** Not spec texts: the row's icons and the note editor. */
  showErrors: (serialNumber: string) => `Show the errors of device ${serialNumber}`,
  openSettings: (serialNumber: string) => `Open the settings of device ${serialNumber}`,
  moreErrors: (count: number) => `+${count} more`,
  noteFor: (serialNumber: string) => `Note on device ${serialNumber}`,
  editNote: (serialNumber: string) => `Edit the note of device ${serialNumber}`,
  addNote: 'Add a note',
  saveNote: 'Save note',
  cancel: 'Cancel',
  noteSaved: 'The note is saved',
  /** Not spec texts: registering a device (beyond the spec). */
  register: {
    open: 'Register device',
    title: 'Register device',
    serialNumber: 'Serial number (IDA#)',
    serviceProvider: 'Service provider',
    clinic: 'Clinic (optional)',
    noClinic: 'No clinic',
    chooseProvider: 'Choose a service provider',
    submit: 'Register',
    cancel: 'Cancel',
    confirmLines: [
      'You are going to register the device and issue its credentials.',
      'It can not be undone, so make sure you still would like to register it.',
    ],
    accept: 'Accept',
    registeredTitle: (serialNumber: string) => `Device ${serialNumber} is registered`,
    onceWarning: 'These credentials are shown only now: the portal does not keep them. Download them and put them on the device before you close this window.',
    username: 'User name (serial number)',
    secret: 'Secret',
    certificateArn: 'Certificate ARN',
    downloadSecret: 'Download the credentials (.json)',
    downloadCertificate: 'Download the certificate (.pem)',
    downloadKey: 'Download the private key (.pem)',
    done: 'Done',
  },
  /** Not spec texts: the device sub-screens' headings and back arrow; 'Device settings' is the spec's title. */
  back: 'Back',
  errorsTitle: 'Device errors',
  errorColumns: { Error: 'Error', Date: 'Date' },
  newestFirst: 'Newest first',
  newestFirstDescription: 'The errors are listed by their time, the newest first, until a column is sorted.',
  /** Not spec texts: the messages of the device the portal refused (dead letters), under its errors. */
  refused: {
    title: 'Refused messages',
    columns: { ReceivedAt: 'Received', Topic: 'Topic', Reason: 'Reason', Payload: 'Payload' },
    empty: 'The portal refused no message of this device.',
    newestFirstDescription: 'The refused messages are listed by the time they came, the newest first, until a column is sorted.',
    showPayload: 'Show',
    payloadOf: (received: string) => `Show the payload of the message received ${received}`,
    emptyPayload: 'The message was empty.',
    base64: 'Not printable text: its bytes in base64.',
    cut: (bytes: number) => `Only its beginning is shown: the message had ${bytes} bytes.`,
  },
  exchangesTitle: 'Device exchanges',
  exchangeColumns: { note: 'Note', utilization: 'Utilization' },
  ofDevice: (serialNumber: string) => `Device ${serialNumber}`,
  settings: {
    BloodMAC: 'BloodMAC',
    ScaleMAC: 'ScaleMAC',
    macHint: 'Six hex pairs separated by colons, e.g. 00:1A:7D:DA:71:13; empty when none is paired.',
    save: 'Save',
    confirmTitle: 'Accept changes',
    confirmLines: [
      'You are going to change the device settings and send them to the device.',
      'It can not be undone, so make sure you still would like to change it.',
    ],
    savedTitle: 'Device settings saved',
    readOnly: 'Only the platform administrator saves device settings.',
  },
  /** Not spec texts: moving the device to another clinic of its provider (DESIGN.md section 10, 'Device moves'). */
  clinicMove: {
    header: 'Clinic',
    clinic: 'Move to clinic',
    noOtherClinic: 'The service provider has no other clinic.',
    move: 'Move',
    hint: 'A device linked to a patient of its clinic is taken from that patient; a nurse of the new clinic then links it to a patient.',
    confirmTitle: 'Move the device',
    confirmLines: [
      'You are going to move the device to another clinic. A patient it serves loses it and the device forgets its prescription.',
      'It can not be undone, so make sure you still would like to change it.',
    ],
    movedTitle: 'Device moved',
  },
} as const;

/** The prescription screen and its calls (spec sections 4 "Prescription", "Serial number entry", 5 "Prescription", 8 "Prescription"). */
export const prescriptions = {
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
  /** Not a spec text: the patient list's Protocol column, a prescription in a few words. */
  summary: (perDay: number, fluids: readonly string[]) => `${perDay} exchange${perDay === 1 ? '' : 's'} a day: ${fluids.join(', ')}`,
  /** Not spec texts: the prescription screen's labels and dialogs. */
  screen: {
    defaults: 'Defaults',
    drainTime: 'Drain Time (min)',
    fillTime: 'Fill Time (min)',
    minFillTemp: 'min Fill Temp. (°C)',
    maxFillTemp: 'max Fill Temp. (°C)',
    bounds: (min: number, max: number) => `From ${min} to ${max}`,
    weigh: 'Weigh',
    blood: 'Blood',
    weighDays: 'Weigh days',
    bloodDays: 'Blood pressure and pulse days',
    switchOn: 'On',
    switchOff: 'Off',
    additionalMedication: 'Additional medication',
    exchanges: 'Exchanges',
    exchangeTitle: (number: number) => `Exchange ${number}`,
    fluid: 'Fluid',
    chooseFluid: 'Choose a fluid',
    fluidColour: (colour: string) => `Colour: ${colour}`,
    fillVolume: 'Fill volume (L)',
    days: 'Days',
    /** The day buttons and lists show each stored day code by this name (spec section 4: SU to SA). */
    dayNames: { SU: 'SU', MO: 'MO', TU: 'TU', WE: 'WE', TH: 'TH', FR: 'FR', SA: 'SA' },
    /** A fluid's colour (shared/device/fluids.ts) by this name. */
    colourNames: { Yellow: 'Yellow', Green: 'Green', Orange: 'Orange', Purple: 'Purple' },
    daysOf: (number: number) => `Days of exchange ${number}`,
    times: 'Times',
    time: (number: number) => `Time ${number}`,
    addTime: 'Add time',
    removeTime: (number: number) => `Remove time ${number}`,
    addExchange: 'Add exchange',
    deleteExchange: (number: number) => `Delete exchange ${number}`,
    deleteTitle: 'Delete exchange',
    deleteLines: ['You are going to delete this exchange card.', 'It can not be undone, so make sure you still would like to delete it.'],
    scrollLeft: 'Scroll the exchanges left',
    scrollRight: 'Scroll the exchanges right',
    dwellChart: 'Dwell times',
    dwellHours: 'Dwell (hours)',
    /** Not a spec text: an exchange time under the chart, with the hours it dwells. */
    dwellPoint: (time: string, hours: number) => `${time} (${hours} h)`,
    noTimes: 'No exchange times yet.',
    serialNumber: 'IDA#',
    serialNumberHint: "Digits, '.' and '-' only, 9 characters",
    verifyLabel: 'Verify IDA#: type its last 4 characters',
    verified: 'IDA# verified',
    verifyMismatch: 'The last 4 characters do not match the IDA#',
    save: 'Save',
    confirmTitle: 'Save prescription',
    confirmLines: [
      "You are going to save the patient's prescription and send it to the device.",
      'It can not be undone, so make sure you still would like to save it.',
    ],
    deviceConfirmTitle: 'Assign device',
    deviceConfirmLines: ['You are going to assign this device (IDA#) to the patient.', 'It can not be undone, so make sure you still would like to change it.'],
    moveTitle: 'Move device',
    moveLines: [
      'This device (IDA#) is linked to another patient.',
      'Moving it unlinks it from that patient. It can not be undone, so make sure you still would like to move it.',
    ],
    move: 'Move',
  },
} as const;

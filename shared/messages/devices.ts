/** The devices (spec sections 3 "Device", 4 "Device note", 5 "Device settings"); the words not in the spec are ours. */
export const devices = {
  bloodMacNotValid: 'BloodMAC is not valid',
  scaleMacNotValid: 'ScaleMAC is not valid',
  /** Not a spec text: the limit of sections 3 and 9 (device note 1000 characters). */
  noteTooLong: 'The note must be 1000 characters or less',
  /** Not a spec text: a profile update names the note, or the MACs, never both nor neither. */
  noteOrMacs: 'Send the Note, or BloodMAC and ScaleMAC',
  /** Not spec texts: registering a device (beyond the spec). */
  serviceProviderRequired: 'Service provider is required',
  clinicNotOfProvider: 'The clinic is not one of the service provider',
  /** Not spec texts: moving a device to another clinic (beyond the spec; DESIGN.md section 10, 'Device moves'). */
  clinicRequired: 'Clinic is required',
  alreadyAtClinic: 'The device is at this clinic already',
} as const;

import type { DevicePrescription } from '@shared/device';
import type { PatientRecord, PrescriptionRecord } from './patients-repository';

/*
 * What the patients' and the devices' repositories both do to a prescription record, in a module
 * of its own: the devices repository (and every Lambda that lists or renames devices) does not
 * load the patients repository and the exchanges repository behind it for these two functions.
 */

/** How many replaced prescriptions Protocols.previous_protocols keeps (newest first): the profile stays small; every prescription stays an item of its own. */
export const PREVIOUS_PROTOCOLS_KEPT = 100;

/** The patient's Protocols after `added` replaces `replaced`. */
export function nextProtocols(protocols: PatientRecord['Protocols'], replaced: string | undefined, added: string): NonNullable<PatientRecord['Protocols']> {
  const previous = protocols?.previous_protocols ?? [];
  return { current_protocol: added, previous_protocols: (replaced ? [replaced, ...previous] : previous).slice(0, PREVIOUS_PROTOCOLS_KEPT) };
}

/** The prescription as the device gets it: without what only the portal keeps. */
export function withoutStorageFields({ PatientID, Approved, ApprovedChangedAt, CreatedBy, ...message }: PrescriptionRecord): DevicePrescription {
  return message;
}

import type { DevicePrescription } from '@shared/device';
import type { ItemOf } from './entities';
import type { PatientRecord } from './patients-repository';

/*
 * A prescription record and what the prescriptions' and the devices' repositories both do to it,
 * in a module below both: each imports it, and neither has to import the other.
 */

/** A prescription as stored: the device's message (the entity's `Message`, spread) plus what only the portal keeps. */
export type PrescriptionRecord = DevicePrescription & Omit<ItemOf<'prescription'>, 'Message' | 'PrescriptionId'>;

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

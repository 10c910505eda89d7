import type { MqttClient } from 'mqtt';
import type { UserRecord } from '@functions/data/users-repository';
import { STAFF_PREFIXES, type StaffRole } from '@shared/api/routes';
import { deviceTopics } from '@shared/device';
import { signedInUser } from './api';
import { createPatientWithDevice } from './devices';

/** The staff of a clinic (director, doctor, nurse), signed in, and a patient of the clinic using a device. */
export async function clinicWithStaff() {
  const setup = await createPatientWithDevice();
  const tenant = {
    ServiceProviderID: setup.provider.ServiceProviderID,
    ClinicID: setup.clinic.ClinicID,
    ClinicName: setup.clinic.ClinicName,
  };
  const staff = {} as Record<StaffRole, { user: UserRecord; token: string }>;
  for (const role of ['ClinicDirector', 'Doctor', 'Nurse'] as const) staff[role] = await signedInUser(role, tenant);
  return { ...setup, staff };
}
export type ClinicWithStaff = Awaited<ReturnType<typeof clinicWithStaff>>;

/** A staff call's path under the role's prefix (spec section 7, Staff): `/doctors/{id}/patients/{patientId}/…`. */
export function staffPath(role: StaffRole, userId: string, patientId: string, call: string): string {
  return `${STAFF_PREFIXES[role].replace('{id}', userId)}/patients/${patientId}/${call}`;
}

/** The next prescription a device connection receives on its down topic (subscribe first). */
export function nextPrescription(client: MqttClient, serialNumber: string, timeoutMs = 5000): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      resolve(null);
    }, timeoutMs);
    function onMessage(topic: string, payload: Buffer) {
      if (topic !== deviceTopics.prescription(serialNumber)) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(payload.length === 0 ? {} : (JSON.parse(payload.toString()) as Record<string, unknown>));
    }
    client.on('message', onMessage);
  });
}

import { clinicsRepository } from '@functions/data/clinics-repository';
import { devicesRepository } from '@functions/data/devices-repository';
import { patientsRepository } from '@functions/data/patients-repository';
import { prescriptionsRepository } from '@functions/data/prescriptions-repository';
import { statsRepository } from '@functions/data/stats-repository';
import { auditRepository } from '@functions/data/audit-repository';
import { assignDevice, registerDevice } from '@functions/services/devices';
import { devicePrescriptionSchema, deviceTopics } from '@shared/device';
import * as messages from '@shared/messages';
import { useApi } from '@test/support/api';
import { clinicWithStaff, nextPrescription, staffPath, type ClinicWithStaff } from '@test/support/clinic-staff';
import { connectDevice, createTestClinic, createTestPatient, issueDeviceSecret, randomSerialNumber, useDeviceBroker } from '@test/support/devices';
import { approvedPrescription, hhmm } from '@test/support/prescriptions';
import { useTestTable, useTestUserPool } from '@test/support/local-services';

useTestTable();
useTestUserPool();
const api = useApi();
const devices = useDeviceBroker();
const p = messages.prescriptions;

let own: ClinicWithStaff;
let other: ClinicWithStaff;
beforeAll(async () => {
  [own, other] = [await clinicWithStaff(), await clinicWithStaff()];
}, 60_000);

const addDevice = (setup: ClinicWithStaff, patientId: string, body: unknown, role: 'ClinicDirector' | 'Doctor' | 'Nurse' = 'Nurse', prefix = role) =>
  api.call('POST', staffPath(prefix, setup.staff[role].user.UserID, patientId, 'addDevice'), { token: setup.staff[role].token, body });

/** A free device of the clinic, with its MQTT secret. */
async function spareDevice(clinicId: string, options: { IsEnabled?: boolean } = {}) {
  const device = await registerDevice({ SerialNumber: randomSerialNumber(), ClinicID: clinicId, ...options });
  issueDeviceSecret(device.SerialNumber);
  return device;
}

const activated = async (setup: ClinicWithStaff) => ({
  clinic: (await clinicsRepository.get(setup.clinic.ClinicID))!.ActivePatientLinkedDeviceCount,
  provider: (await statsRepository.get({ kind: 'serviceProvider', id: setup.provider.ServiceProviderID })).activatedDevices,
});

describe('addDevice (Nurse)', () => {
  it('links a free device in place of the patient’s old one, which is unlinked; the new device receives the patient’s prescription and approves it', async () => {
    const setup = await clinicWithStaff();
    const old = setup.device;
    const current = await approvedPrescription(setup.patient.UserID, old.SerialNumber, [hhmm(Date.now())], new Date());
    const counts = await activated(setup);
    const spare = await spareDevice(setup.clinic.ClinicID);

    let sentId: string | undefined;
    const client = await connectDevice(devices.mqttUrl, spare.SerialNumber);
    try {
      const response = await addDevice(setup, setup.patient.UserID, { SerialNumber: spare.SerialNumber });
      expect(response).toMatchObject({
        status: 200,
        body: { status: 'assigned', device: { DeviceID: spare.DeviceID, SerialNumber: spare.SerialNumber }, moved: false },
      });
      const sent = (response.body as { prescription: { PrescriptionId: string; Approved: boolean } }).prescription;
      expect(sent).toMatchObject({ SerialNumber: spare.SerialNumber, Approved: false, Exchanges: current.Exchanges, CreatedBy: current.CreatedBy });
      expect(sent.PrescriptionId).not.toBe(current.PrescriptionId);
      sentId = sent.PrescriptionId;

      // Retained: the device subscribing after the link still receives it.
      const received = nextPrescription(client, spare.SerialNumber);
      await client.subscribeAsync(deviceTopics.prescription(spare.SerialNumber), { qos: 1 });
      const message = devicePrescriptionSchema.parse(await received);
      expect(message).toMatchObject({ PrescriptionId: sent.PrescriptionId, SerialNumber: spare.SerialNumber });
      await client.publishAsync(
        deviceTopics.prescriptionAck(spare.SerialNumber),
        JSON.stringify({ PrescriptionId: message.PrescriptionId, Time: new Date().toISOString() }),
        {
          qos: 1,
        },
      );
    } finally {
      await client.endAsync();
    }

    const patient = await patientsRepository.get(setup.patient.UserID);
    expect(patient).toMatchObject({ Device: { SerialNumber: spare.SerialNumber, DeviceID: spare.DeviceID }, CurrentPrescriptionID: sentId });
    expect(patient!.Protocols!.previous_protocols![0]).toBe(current.PrescriptionId);
    expect(await prescriptionsRepository.currentPrescription(patient!)).toMatchObject({ Approved: true });
    expect((await devicesRepository.get(old.DeviceID))!.PatientID).toBeUndefined();
    expect((await devicesRepository.routeBySerialNumber(old.SerialNumber))!.PatientID).toBeUndefined();
    expect((await devicesRepository.get(spare.DeviceID))!.PatientID).toBe(setup.patient.UserID);
    expect(await activated(setup)).toEqual(counts); // one device out, one in

    // The old device no longer holds the patient's prescription.
    const oldClient = await connectDevice(devices.mqttUrl, old.SerialNumber);
    try {
      const retained = nextPrescription(oldClient, old.SerialNumber, 500);
      await oldClient.subscribeAsync(deviceTopics.prescription(old.SerialNumber), { qos: 1 });
      expect(await retained).toBeNull();
    } finally {
      await oldClient.endAsync();
    }
  });

  it('refuses a device linked to another patient (409) unless the move is confirmed, which unlinks that patient in the same write', async () => {
    const setup = await clinicWithStaff();
    const { patient: second } = await createTestPatient({ ClinicID_ref: setup.clinic.ClinicID, DoctorID_ref: setup.staff.Doctor.user.UserID });
    const secondDevice = await spareDevice(setup.clinic.ClinicID);
    expect((await addDevice(setup, second.UserID, { SerialNumber: secondDevice.SerialNumber })).status).toBe(200);
    const counts = await activated(setup);

    const refused = await addDevice(setup, second.UserID, { SerialNumber: setup.device.SerialNumber });
    expect(refused).toMatchObject({ status: 409, body: { message: [p.deviceLinkedToOther] } });
    expect((await patientsRepository.get(second.UserID))!.Device!.SerialNumber).toBe(secondDevice.SerialNumber);

    const moved = await addDevice(setup, second.UserID, { SerialNumber: setup.device.SerialNumber, move: true });
    expect(moved).toMatchObject({ status: 200, body: { moved: true, prescription: null } });
    expect((await patientsRepository.get(setup.patient.UserID))!.Device).toBeUndefined();
    expect((await patientsRepository.get(second.UserID))!.Device!.SerialNumber).toBe(setup.device.SerialNumber);
    expect((await devicesRepository.get(setup.device.DeviceID))!.PatientID).toBe(second.UserID);
    expect((await devicesRepository.routeBySerialNumber(setup.device.SerialNumber))!.PatientID).toBe(second.UserID);
    expect((await devicesRepository.get(secondDevice.DeviceID))!.PatientID).toBeUndefined();
    // Two patients had a device each; now one has one.
    expect(await activated(setup)).toEqual({ clinic: counts.clinic! - 1, provider: counts.provider - 1 });
  });

  describe('another clinic’s device answers as a missing one, and nothing changes (a clinic never takes it)', () => {
    const unknown = () => addDevice(own, own.patient.UserID, { SerialNumber: randomSerialNumber(), move: true });

    it('a device linked to a patient of another clinic of the same provider, even with the move confirmed', async () => {
      const victimClinic = await createTestClinic(own.provider.ServiceProviderID);
      const { patient: victim } = await createTestPatient({ ClinicID_ref: victimClinic.ClinicID, DoctorID_ref: 'doctor-of-b' });
      const device = await spareDevice(victimClinic.ClinicID);
      await assignDevice(victim.UserID, device.SerialNumber);
      const month = new Date().toISOString().slice(0, 7);
      const trailBefore = (await auditRepository.listByClinic(victimClinic.ClinicID, month)).items.length;

      for (const move of [true, false, undefined]) {
        const attack = await addDevice(own, own.patient.UserID, { SerialNumber: device.SerialNumber, ...(move === undefined ? {} : { move }) });
        const missing = await unknown();
        // The same answer as a serial number that does not exist: serial numbers cannot be probed.
        expect(attack).toEqual(missing);
        expect(attack.status).toBe(404);
      }
      expect((await patientsRepository.get(victim.UserID))!.Device).toMatchObject({ SerialNumber: device.SerialNumber });
      expect(await devicesRepository.get(device.DeviceID)).toMatchObject({ PatientID: victim.UserID, ClinicID: victimClinic.ClinicID });
      expect((await devicesRepository.routeBySerialNumber(device.SerialNumber))!.PatientID).toBe(victim.UserID);
      expect((await patientsRepository.get(own.patient.UserID))!.Device!.SerialNumber).toBe(own.device.SerialNumber);
      expect((await auditRepository.listByClinic(victimClinic.ClinicID, month)).items).toHaveLength(trailBefore);
      expect((await auditRepository.listByClinic(own.clinic.ClinicID, month)).items.filter((record) => record.Entity === 'PatientDevice')).toEqual([]);
    });

    it('a free device placed at another clinic, and a deactivated one there', async () => {
      const sister = await createTestClinic(own.provider.ServiceProviderID);
      for (const options of [{}, { IsEnabled: false }]) {
        const device = await spareDevice(sister.ClinicID, options);
        expect(await addDevice(own, own.patient.UserID, { SerialNumber: device.SerialNumber })).toEqual(await unknown());
        expect(await devicesRepository.get(device.DeviceID)).toMatchObject({ ClinicID: sister.ClinicID });
        expect((await devicesRepository.get(device.DeviceID))!.PatientID).toBeUndefined();
      }
    });

    it('a device of the provider’s pool (at no clinic yet) links, and then belongs to the patient’s clinic', async () => {
      const setup = await clinicWithStaff();
      const device = await registerDevice({ SerialNumber: randomSerialNumber(), ServiceProviderID: setup.provider.ServiceProviderID });
      expect((await addDevice(setup, setup.patient.UserID, { SerialNumber: device.SerialNumber })).status).toBe(200);
      expect(await devicesRepository.get(device.DeviceID)).toMatchObject({
        ClinicID: setup.clinic.ClinicID,
        ClinicName: setup.clinic.ClinicName,
        PatientID: setup.patient.UserID,
      });
    });
  });

  it('answers an unknown serial number, and another provider’s device, with 404', async () => {
    expect(await addDevice(own, own.patient.UserID, { SerialNumber: randomSerialNumber() })).toMatchObject({
      status: 404,
      body: { message: [messages.errors.notFound] },
    });
    const foreign = await spareDevice(other.clinic.ClinicID);
    expect(await addDevice(own, own.patient.UserID, { SerialNumber: foreign.SerialNumber })).toMatchObject({ status: 404 });
    expect((await patientsRepository.get(own.patient.UserID))!.Device!.SerialNumber).toBe(own.device.SerialNumber);
  });

  it('refuses a deactivated device (409)', async () => {
    const disabled = await spareDevice(own.clinic.ClinicID, { IsEnabled: false });
    expect(await addDevice(own, own.patient.UserID, { SerialNumber: disabled.SerialNumber })).toMatchObject({
      status: 409,
      body: { message: [p.deviceDisabled] },
    });
  });

  it('refuses a serial number of the wrong length with the spec’s message', async () => {
    expect(await addDevice(own, own.patient.UserID, { SerialNumber: '123' })).toMatchObject({ status: 400, body: { message: [p.serialNumberLength] } });
    expect(await addDevice(own, own.patient.UserID, {})).toMatchObject({ status: 400, body: { message: [p.serialNumberRequired] } });
  });

  it('answers another clinic’s patient with 404, whatever the body', async () => {
    const spare = await spareDevice(own.clinic.ClinicID);
    expect(await addDevice(own, other.patient.UserID, { SerialNumber: spare.SerialNumber })).toMatchObject({ status: 404 });
    expect(await addDevice(own, other.patient.UserID, {})).toMatchObject({ status: 404 });
    expect((await devicesRepository.get(spare.DeviceID))!.PatientID).toBeUndefined();
  });

  it.each(['ClinicDirector', 'Doctor'] as const)('refuses a %s (403): assigning a device is the nurse’s', async (role) => {
    const spare = await spareDevice(own.clinic.ClinicID);
    const response = await addDevice(own, own.patient.UserID, { SerialNumber: spare.SerialNumber }, role, 'Nurse');
    expect(response).toMatchObject({ status: 403, body: { message: [messages.errors.noAccess('devices')] } });
    expect((await devicesRepository.get(spare.DeviceID))!.PatientID).toBeUndefined();
  });
});

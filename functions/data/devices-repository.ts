import { db, type DeviceRoute, type ItemOf } from './entities';
import { PLATFORM_STATS } from './entities/service-provider';
import { allListShards, listShard } from './entities/shards';
import { pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';
import { auditItem, type AuditRecord } from './audit-repository';
import type { PatientRecord } from './patients-repository';
import { nextProtocols, withoutStorageFields, type PrescriptionRecord } from './prescription-records';
import { throwIfCanceled } from './transactions';

type DeviceItem = ItemOf<'device'>;

/** A home dialysis device (spec section 3, Device), identified by its serial number (IDA#), as the entity stores it. */
export type DeviceRecord = Omit<DeviceItem, 'ListShard'>;

/** One entry of a device's error list (spec section 3, Device: Errors). */
export type DeviceErrorRecord = Omit<ItemOf<'deviceError'>, 'DeviceID'>;

export type { DeviceRoute } from './entities';

function toRecord({ ListShard, ...device }: DeviceItem): DeviceRecord {
  return device;
}

/** ElectroDB stores no nulls: an absent value is what the form's null means. */
function withoutNulls<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) as { [K in keyof T]: Exclude<T[K], null> };
}

export const devicesRepository = {
  async get(deviceId: string): Promise<DeviceRecord | undefined> {
    const { data } = await db().entities.device.get({ DeviceID: deviceId }).go();
    return data ? toRecord(data) : undefined;
  },

  async getBySerialNumber(serialNumber: string): Promise<DeviceRecord | undefined> {
    const route = await devicesRepository.routeBySerialNumber(serialNumber);
    return route && devicesRepository.get(route.DeviceID);
  },

  /** The device a serial number names and the patient, clinic and provider it reports for: one GetItem. */
  async routeBySerialNumber(serialNumber: string): Promise<DeviceRoute | undefined> {
    const { data } = await db().entities.serialNumber.get({ SerialNumber: serialNumber }).go();
    return data ?? undefined;
  },

  /** /devices (LiberDiAdmin): every device, shard after shard. */
  async listAll(page?: PageRequest): Promise<Page<DeviceRecord>> {
    return shardedPage(allListShards(), page ?? {}, async (ListShard, shardPage) =>
      toPage(
        await db()
          .entities.device.query.all({ ListShard })
          .go({ ...pageOptions(shardPage), hydrate: true }),
        toRecord,
      ),
    );
  },

  /** A clinic's devices tab, by serial number. */
  async listByClinic(clinicId: string, page?: PageRequest): Promise<Page<DeviceRecord>> {
    return toPage(
      await db()
        .entities.device.query.byClinic({ ClinicID: clinicId })
        .go({ ...pageOptions(page), hydrate: true }),
      toRecord,
    );
  },

  /** A provider's devices (/devices?spId=), by serial number. */
  async listByServiceProvider(serviceProviderId: string, page?: PageRequest): Promise<Page<DeviceRecord>> {
    return toPage(
      await db()
        .entities.device.query.byServiceProvider({ ServiceProviderID: serviceProviderId })
        .go({ ...pageOptions(page), hydrate: true }),
      toRecord,
    );
  },

  /** /device/errors, newest first. */
  async listErrors(deviceId: string, page?: PageRequest): Promise<Page<DeviceErrorRecord>> {
    const result = await db()
      .entities.deviceError.query.byDevice({ DeviceID: deviceId })
      .go({ ...pageOptions(page), order: 'desc' });
    return toPage(result, ({ DeviceID, ...error }) => error);
  },

  /** Stores a new device and reserves its serial number in one transaction (with `audit`'s record); fails if the number is taken. */
  async create(device: DeviceRecord, audit?: AuditRecord): Promise<void> {
    await db()
      .transaction.write(({ device: deviceEntity, serialNumber, audit: auditEntity }) => [
        serialNumber
          .create({
            SerialNumber: device.SerialNumber,
            DeviceID: device.DeviceID,
            ClinicID: device.ClinicID,
            ServiceProviderID: device.ServiceProviderID,
            PatientID: device.PatientID,
          })
          .commit(),
        deviceEntity.create({ ...withoutNulls(device), ListShard: listShard(device.DeviceID) }).commit(),
        ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ])
      .go()
      .then(throwIfCanceled);
  },

  /**
   * Takes back a registration that could not be completed (its credentials could not be made): the
   * device and its serial number's marker, while no patient uses it, with `audit`'s record.
   */
  async remove(device: Pick<DeviceRecord, 'DeviceID' | 'SerialNumber'>, audit: AuditRecord): Promise<void> {
    await db()
      .transaction.write(({ device: deviceEntity, serialNumber, audit: auditEntity }) => [
        deviceEntity
          .delete({ DeviceID: device.DeviceID })
          .where((attributes, { notExists }) => notExists(attributes.PatientID))
          .commit(),
        serialNumber
          .delete({ SerialNumber: device.SerialNumber })
          .where((attributes, { eq }) => eq(attributes.DeviceID, device.DeviceID))
          .commit(),
        auditEntity.create(auditItem(audit)).commit(),
      ])
      .go()
      .then(throwIfCanceled);
  },

  /**
   * Sets the device's note or paired monitors (null removes one: ElectroDB stores no nulls), with
   * `audit`'s record, in one transaction; only while the device exists.
   */
  async updateProfile(deviceId: string, changes: Partial<Record<'Note' | 'BloodMAC' | 'ScaleMAC', string | null>>, audit: AuditRecord): Promise<void> {
    const set = withoutNulls(changes);
    const removed = (Object.keys(changes) as Array<keyof typeof changes>).filter((field) => changes[field] === null);
    await db()
      .transaction.write(({ device: deviceEntity, audit: auditEntity }) => {
        const patch = deviceEntity.patch({ DeviceID: deviceId });
        const change = removed.length === 0 ? patch.set(set) : Object.keys(set).length === 0 ? patch.remove(removed) : patch.set(set).remove(removed);
        return [change.commit(), auditEntity.create(auditItem(audit)).commit()];
      })
      .go()
      .then(throwIfCanceled);
  },

  /** The device's latest errors, newest first: one Query of at most `limit` items. */
  async latestErrors(deviceId: string, limit: number): Promise<DeviceErrorRecord[]> {
    return (await devicesRepository.listErrors(deviceId, { limit })).items;
  },

  async addError(deviceId: string, error: DeviceErrorRecord): Promise<void> {
    await db()
      .entities.deviceError.put({ DeviceID: deviceId, ...error })
      .go();
  },

  /**
   * Links the device and the patient both ways, all or nothing: the device free or taken from
   * `takeFrom` (a confirmed move), the patient's `replaced` device unlinked, `prescription` made
   * current, the activated-device counters moved by what changed, and `audit` written.
   * Fails (TransactionCanceledException) if the device was linked meanwhile.
   */
  async assignToPatient(
    device: DeviceRecord,
    patient: Pick<PatientRecord, 'UserID' | 'ClinicID_ref' | 'ServiceProviderID' | 'CurrentPrescriptionID' | 'Protocols'>,
    options: {
      clinicName?: string;
      takeFrom?: Pick<PatientRecord, 'UserID' | 'ClinicID_ref' | 'ServiceProviderID'>;
      replaced?: DeviceRecord;
      prescription?: PrescriptionRecord;
      audit?: AuditRecord;
    } = {},
  ): Promise<void> {
    const { takeFrom, replaced, prescription } = options;
    const clinics = new Map<string, number>();
    const providers = new Map<string, number>();
    const count = (keys: { ClinicID_ref: string; ServiceProviderID: string }, delta: number) => {
      clinics.set(keys.ClinicID_ref, (clinics.get(keys.ClinicID_ref) ?? 0) + delta);
      providers.set(keys.ServiceProviderID, (providers.get(keys.ServiceProviderID) ?? 0) + delta);
    };
    const activated = device.IsEnabled ? 1 : 0;
    count(patient, activated);
    if (takeFrom) count(takeFrom, -activated);
    if (replaced?.IsEnabled) count(patient, -1);
    const platform = activated - (takeFrom ? activated : 0) - (replaced?.IsEnabled ? 1 : 0);
    const movesClinic = options.clinicName !== undefined && device.ClinicID !== patient.ClinicID_ref;
    const result = await db()
      .transaction.write(
        ({ device: deviceEntity, serialNumber, patient: patientEntity, prescription: prescriptionEntity, clinic, serviceProvider, platformStats, audit }) => [
          deviceEntity
            .patch({ DeviceID: device.DeviceID })
            .set({ PatientID: patient.UserID, ...(movesClinic ? { ClinicID: patient.ClinicID_ref, ClinicName: options.clinicName } : {}) })
            .where((attributes, { eq, notExists }) => (takeFrom ? eq(attributes.PatientID, takeFrom.UserID) : notExists(attributes.PatientID)))
            .commit(),
          serialNumber
            .patch({ SerialNumber: device.SerialNumber })
            .set({ PatientID: patient.UserID, ClinicID: patient.ClinicID_ref, ServiceProviderID: patient.ServiceProviderID })
            .commit(),
          patientEntity
            .patch({ UserID: patient.UserID })
            .set({
              Device: { SerialNumber: device.SerialNumber, DeviceID: device.DeviceID },
              ...(prescription
                ? {
                    CurrentPrescriptionID: prescription.PrescriptionId,
                    Protocols: nextProtocols(patient.Protocols, patient.CurrentPrescriptionID, prescription.PrescriptionId),
                  }
                : {}),
            })
            .commit(),
          ...(takeFrom ? [patientEntity.patch({ UserID: takeFrom.UserID }).remove(['Device']).commit()] : []),
          ...(replaced
            ? [
                deviceEntity
                  .patch({ DeviceID: replaced.DeviceID })
                  .remove(['PatientID'])
                  .where((attributes, { eq }) => eq(attributes.PatientID, patient.UserID))
                  .commit(),
                serialNumber.patch({ SerialNumber: replaced.SerialNumber }).remove(['PatientID']).commit(),
              ]
            : []),
          ...(prescription
            ? [
                prescriptionEntity
                  .create({
                    PatientID: patient.UserID,
                    PrescriptionId: prescription.PrescriptionId,
                    Message: withoutStorageFields(prescription),
                    Approved: prescription.Approved,
                    CreatedBy: prescription.CreatedBy,
                  })
                  .commit(),
              ]
            : []),
          ...[...clinics]
            .filter(([, delta]) => delta !== 0)
            .map(([ClinicID, delta]) => clinic.patch({ ClinicID }).add({ ActivePatientLinkedDeviceCount: delta }).commit()),
          ...[...providers]
            .filter(([, delta]) => delta !== 0)
            .map(([ServiceProviderID, delta]) => serviceProvider.patch({ ServiceProviderID }).add({ ActivePatientLinkedDeviceCount: delta }).commit()),
          ...(platform !== 0 ? [platformStats.update({ Name: PLATFORM_STATS }).add({ activatedDevices: platform }).commit()] : []),
          ...(options.audit ? [audit.create(auditItem(options.audit)).commit()] : []),
        ],
      )
      .go();
    throwIfCanceled(result);
  },

  /**
   * Moves a device to another clinic of its provider, in one transaction: off the patient it served
   * (`takeFrom`, who keeps the prescription but no device; the activated-device counts go down
   * with it), with the audit records of both clinics. Refused (condition) when the device was
   * linked or unlinked meanwhile.
   */
  async moveToClinic(
    device: DeviceRecord,
    clinic: { ClinicID: string; ClinicName: string },
    options: { takeFrom?: Pick<PatientRecord, 'UserID' | 'ClinicID_ref' | 'ServiceProviderID'>; audits: readonly AuditRecord[] },
  ): Promise<void> {
    const { takeFrom } = options;
    const deactivated = takeFrom && device.IsEnabled;
    const result = await db()
      .transaction.write(({ device: deviceEntity, serialNumber, patient: patientEntity, clinic: clinicEntity, serviceProvider, platformStats, audit }) => [
        deviceEntity
          .patch({ DeviceID: device.DeviceID })
          .set({ ClinicID: clinic.ClinicID, ClinicName: clinic.ClinicName })
          .remove(['PatientID'])
          .where((attributes, { eq, notExists }) => {
            const linked = takeFrom ? eq(attributes.PatientID, takeFrom.UserID) : notExists(attributes.PatientID);
            const placed = device.ClinicID ? eq(attributes.ClinicID, device.ClinicID) : notExists(attributes.ClinicID);
            return `${linked} AND ${placed}`;
          })
          .commit(),
        serialNumber.patch({ SerialNumber: device.SerialNumber }).set({ ClinicID: clinic.ClinicID }).remove(['PatientID']).commit(),
        ...(takeFrom ? [patientEntity.patch({ UserID: takeFrom.UserID }).remove(['Device']).commit()] : []),
        ...(deactivated
          ? [
              clinicEntity.patch({ ClinicID: takeFrom.ClinicID_ref }).add({ ActivePatientLinkedDeviceCount: -1 }).commit(),
              serviceProvider.patch({ ServiceProviderID: takeFrom.ServiceProviderID }).add({ ActivePatientLinkedDeviceCount: -1 }).commit(),
              platformStats.update({ Name: PLATFORM_STATS }).add({ activatedDevices: -1 }).commit(),
            ]
          : []),
        ...options.audits.map((record) => audit.create(auditItem(record)).commit()),
      ])
      .go();
    throwIfCanceled(result);
  },

  /** The provider's name copied on the device, after the provider was renamed. */
  async setServiceProviderName(deviceId: string, name: string): Promise<void> {
    await db().entities.device.patch({ DeviceID: deviceId }).set({ ServiceProviderName: name }).go();
  },

  async setUtilization(deviceId: string, utilization: number): Promise<void> {
    await db().entities.device.patch({ DeviceID: deviceId }).set({ Utilization: utilization }).go();
  },
};

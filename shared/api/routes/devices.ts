import {
  deviceClinicMoveSchema,
  devicePageQuerySchema,
  deviceDeadLettersPageSchema,
  deviceErrorsPageSchema,
  deviceExchangesPageSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceProfileSchema,
  deviceProfileUpdateSchema,
  deviceRegistrationResultSchema,
  deviceRegistrationSchema,
} from '../devices';
import { defineRoutes } from '../route-definition';

/** The platform admin's device calls (spec section 7, LiberDiAdmin: /devices/…), and the registration beyond it. */
export const deviceRoutes = defineRoutes({
  /** /devices, the clinic tabs' devices tab (?clinicId) and a provider's devices (?spId): each a Query of its index. */
  getAllDevices: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/devices/getAllDevices',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    query: deviceListQuerySchema,
    response: deviceListSchema,
    handler: 'devices/get-all-devices',
    keys: ['DEVICES', 'CLINIC', 'SP', 'DEVICE'],
    tenant: { kind: 'platform' },
    audit: 'none',
    thing: 'devices',
  },
  /** Beyond the spec's list: one device, for /device/settings and /device/errors opened by their address. */
  getDeviceProfile: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/devices/{id}/profile',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    response: deviceProfileSchema,
    handler: 'devices/get-device-profile',
    keys: ['DEVICE'],
    tenant: { kind: 'device', param: 'id' },
    audit: 'none',
    thing: 'devices',
  },
  /** /device/exchanges: newest first; patients' data, so each read is recorded. */
  getDeviceExchanges: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/devices/{id}/getExchanges',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    query: devicePageQuerySchema,
    response: deviceExchangesPageSchema,
    handler: 'devices/get-device-exchanges',
    access: ['table-write'],
    keys: ['DEVICE', 'PATIENT'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'device', param: 'id' },
    audit: 'read',
    thing: 'exchanges',
  },
  /** The note (empty → null), or BloodMAC and ScaleMAC, which are then sent to the device (retained settings). */
  updateDeviceProfile: {
    method: 'POST',
    path: '/liberdiAdmins/{adminId}/devices/{id}/profile',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    body: deviceProfileUpdateSchema,
    response: deviceProfileSchema,
    handler: 'devices/update-device-profile',
    access: ['table-write', 'iot-publish'],
    keys: ['DEVICE', 'CLINIC', 'SP', 'GLOBAL'],
    writeKeys: ['DEVICE', 'AUDIT'],
    tenant: { kind: 'device', param: 'id' },
    audit: 'write',
    thing: 'update Device',
  },
  /** Beyond the spec: /device/errors (Error and Date, newest first). */
  getDeviceErrors: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/devices/{id}/errors',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    query: devicePageQuerySchema,
    response: deviceErrorsPageSchema,
    handler: 'devices/get-device-errors',
    keys: ['DEVICE'],
    tenant: { kind: 'device', param: 'id' },
    audit: 'none',
    thing: 'devices',
  },
  /**
   * Beyond the spec: /device/errors' 'Refused messages', the messages the device sent that the
   * ingest could not take (dead letters, by its serial number), newest first. A refused exchange
   * holds a patient's measurements, so each read is recorded.
   */
  getDeviceDeadLetters: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/devices/{id}/refused',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    query: devicePageQuerySchema,
    response: deviceDeadLettersPageSchema,
    handler: 'devices/get-device-dead-letters',
    access: ['table-write'],
    // The letters' index (DEADLETTER#CLIENT#<serial>) and the letters themselves (DEADLETTER#<day>#<shard>).
    keys: ['DEVICE', 'DEADLETTER'],
    writeKeys: ['AUDIT'],
    tenant: { kind: 'device', param: 'id' },
    audit: 'read',
    thing: 'devices',
  },
  /**
   * Beyond the spec: a serial number for a provider (and optionally one of its clinics);
   * answers the device's credentials once: on AWS its certificate and key, locally its broker secret.
   */
  registerDevice: {
    method: 'POST',
    path: '/liberdiAdmins/{adminId}/devices/register',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    body: deviceRegistrationSchema,
    response: deviceRegistrationResultSchema,
    handler: 'devices/register-device',
    access: ['table-write', 'iot-register'],
    // The provider and clinic records are read with their exchange counters.
    keys: ['CLINIC', 'SP', 'COUNTER'],
    writeKeys: ['DEVICE', 'SERIAL', 'AUDIT'],
    tenant: { kind: 'platform' },
    audit: 'write',
    thing: 'update device',
  },
  /**
   * Beyond the spec: the platform admin moves a device to another clinic of its provider (staff
   * never take another clinic's device). Recorded in both clinics' trails and, when the device
   * leaves a patient, in that patient's history.
   */
  moveDeviceToClinic: {
    method: 'POST',
    path: '/liberdiAdmins/{adminId}/devices/{id}/clinic',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    body: deviceClinicMoveSchema,
    response: deviceProfileSchema,
    handler: 'devices/move-device-to-clinic',
    access: ['table-write', 'iot-publish'],
    keys: ['DEVICE', 'CLINIC', 'PATIENT'],
    writeKeys: ['DEVICE', 'SERIAL', 'PATIENT', 'CLINIC', 'SP', 'STATS', 'AUDIT'],
    tenant: { kind: 'device', param: 'id' },
    audit: 'write',
    thing: 'update device',
  },
});

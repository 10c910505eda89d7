import { CustomAttributeType } from 'electrodb';
import type { Address } from './service-provider';

/**
 * A clinic (spec section 3). Its activated-device count is on this item (changed only at device
 * assignment); its exchange counter and last exchange time are in the sharded exchange counters.
 */
export const clinicSchema = {
  model: { entity: 'Clinic', version: '2', service: 'pd' },
  attributes: {
    ClinicID: { type: 'string', required: true, readOnly: true },
    ClinicName: { type: 'string', required: true },
    ClinicPhone: { type: 'string', required: true },
    ClinicAddress: { type: CustomAttributeType<Address>('any'), required: true },
    ClinicIsEnabled: { type: 'boolean', required: true },
    Email: { type: 'string' },
    ServiceProviderID: { type: 'string', required: true, readOnly: true },
    ServiceProviderName: { type: 'string', required: true },
    /** The clinic's admin, once one is added. */
    ClinicAdmin: { type: CustomAttributeType<{ UserID: string; FirstName: string; LastName: string; Email: string }>('any') },
    /** The contact person the clinic admin's profile names (spec section 3, Clinic admin profile). */
    ContactPersonFullName: { type: 'string' },
    /** The logo's object key in the images bucket (uploaded through getClinicLogoUpload's link). */
    image: { type: 'string' },
    CreatedAt: { type: 'string', required: true, readOnly: true },
    ActivePatientLinkedDeviceCount: { type: 'number' },
    /** Lower-case name, the list order. */
    NameKey: { type: 'string', required: true },
    ListShard: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['ClinicID'], template: 'CLINIC#${ClinicID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
    },
    /** /clinics of a provider, by name. */
    byServiceProvider: {
      index: 'gsi2',
      projection: 'keys_only',
      pk: { field: 'gsi2pk', composite: ['ServiceProviderID'], template: 'SP#${ServiceProviderID}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['NameKey', 'ClinicID'], template: 'CLINIC#${NameKey}#${ClinicID}', casing: 'none' },
    },
    /** /clinics (LiberDiAdmin), spread over LIST_SHARDS partitions. */
    all: {
      index: 'gsi3',
      projection: 'keys_only',
      pk: { field: 'gsi3pk', composite: ['ListShard'], template: 'CLINICS#${ListShard}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['NameKey', 'ClinicID'], template: '${NameKey}#${ClinicID}', casing: 'none' },
    },
  },
} as const;

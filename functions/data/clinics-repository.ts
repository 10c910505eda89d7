import type { Settings } from '../../shared/settings';
import type { Address } from './service-providers-repository';
import { statsKeys } from './stats-keys';
import { addToCounters, getItem, queryAll, transactWrite, withoutKeys } from './table';

/** A clinic (spec section 3). Counters are kept up to date at ingest and device activation. */
export interface ClinicRecord {
  ClinicID: string;
  ClinicName: string;
  ClinicPhone: string;
  ClinicAddress: Address;
  ClinicIsEnabled: boolean;
  Email?: string;
  ServiceProviderID: string;
  ServiceProviderName: string;
  /** The clinic's admin, once one is added. */
  ClinicAdmin?: { UserID: string; FirstName: string; LastName: string; Email: string };
  CreatedAt: string;
  ActivePatientLinkedDeviceCount?: number;
  ClinicExchangeCounter?: number;
  ClinicLastExchangeTime?: string;
}

export type ClinicCounters = Pick<ClinicRecord, 'ActivePatientLinkedDeviceCount' | 'ClinicExchangeCounter'>;

const nameKey = (clinic: ClinicRecord) => `${clinic.ClinicName.trim().toLowerCase()}#${clinic.ClinicID}`;

/** Clinic items: the profile under its own partition; listed by provider (gsi2, CLINIC# prefix) and all (gsi3). */
export const clinicKeys = {
  profile: (id: string) => ({ pk: `CLINIC#${id}`, sk: 'PROFILE' }),
  item: (clinic: ClinicRecord) => ({
    ...clinicKeys.profile(clinic.ClinicID),
    gsi2pk: `SP#${clinic.ServiceProviderID}`,
    gsi2sk: `CLINIC#${nameKey(clinic)}`,
    gsi3pk: 'TYPE#CLINIC',
    gsi3sk: nameKey(clinic),
  }),
};

export const clinicsRepository = {
  async get(id: string): Promise<ClinicRecord | undefined> {
    const item = await getItem<ClinicRecord>(clinicKeys.profile(id));
    return item && (withoutKeys(item) as ClinicRecord);
  },

  async listByServiceProvider(serviceProviderId: string): Promise<ClinicRecord[]> {
    const items = await queryAll<ClinicRecord>({ index: 'gsi2', pk: `SP#${serviceProviderId}`, skBeginsWith: 'CLINIC#' });
    return items.map((item) => withoutKeys(item) as ClinicRecord);
  },

  async listAll(): Promise<ClinicRecord[]> {
    const items = await queryAll<ClinicRecord>({ index: 'gsi3', pk: 'TYPE#CLINIC' });
    return items.map((item) => withoutKeys(item) as ClinicRecord);
  },

  /**
   * Stores a new clinic with its settings (the provider's, copied, as the spec says) and, when it
   * starts enabled, counts it among its provider's and the platform's activated clinics.
   */
  async create(clinic: ClinicRecord, settings: Partial<Settings>): Promise<void> {
    const activated = clinic.ClinicIsEnabled ? 1 : 0;
    await transactWrite([
      { Put: { TableName: '', Item: { ...clinicKeys.item(clinic), entity: 'Clinic', ...clinic }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: '', Item: { pk: `CLINIC#${clinic.ClinicID}`, sk: 'SETTINGS', entity: 'Settings', Settings: settings, UpdatedAt: clinic.CreatedAt } } },
      {
        Update: {
          TableName: '',
          Key: { pk: `SP#${clinic.ServiceProviderID}`, sk: 'PROFILE' },
          UpdateExpression: 'ADD Clinics :n',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':n': activated },
        },
      },
      { Update: { TableName: '', Key: statsKeys.global(), UpdateExpression: 'ADD activatedClinics :n', ExpressionAttributeValues: { ':n': activated } } },
    ]);
  },

  async setAdmin(clinicId: string, admin: NonNullable<ClinicRecord['ClinicAdmin']>): Promise<void> {
    await transactWrite([
      {
        Update: {
          TableName: '',
          Key: clinicKeys.profile(clinicId),
          UpdateExpression: 'SET ClinicAdmin = :admin',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':admin': admin },
        },
      },
    ]);
  },

  addToCounters: (id: string, deltas: Partial<Record<keyof ClinicCounters, number>>) => addToCounters(clinicKeys.profile(id), deltas),
};

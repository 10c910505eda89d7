import { randomUUID } from 'node:crypto';
import type { Settings } from '@shared/settings';
import type { AuditRecord } from '../data/audit-repository';
import { clinicsRepository, type ClinicRecord } from '../data/clinics-repository';
import { serviceProvidersRepository, type ServiceProviderRecord } from '../data/service-providers-repository';
import { notFound } from '../lib/errors';

export type NewServiceProvider = Omit<ServiceProviderRecord, 'ServiceProviderID' | 'CreatedAt' | 'ServiceProviderIsEnabled'> & {
  ServiceProviderIsEnabled?: boolean;
};

/**
 * A new service provider. It keeps no copy of the global settings: the global values stay in force
 * for it (and its clinics) until its admin decides its own (docs/settings.md).
 */
export async function createServiceProvider(
  input: NewServiceProvider,
  audit?: (provider: ServiceProviderRecord) => AuditRecord,
): Promise<ServiceProviderRecord> {
  const provider: ServiceProviderRecord = {
    ...input,
    ServiceProviderID: randomUUID(),
    ServiceProviderIsEnabled: input.ServiceProviderIsEnabled ?? true,
    CreatedAt: new Date().toISOString(),
  };
  await serviceProvidersRepository.create(provider, audit?.(provider));
  return provider;
}

export type NewClinic = Omit<ClinicRecord, 'ClinicID' | 'CreatedAt' | 'ServiceProviderName' | 'ClinicIsEnabled' | 'ClinicAdmin'> & {
  ClinicIsEnabled?: boolean;
};

/**
 * A new clinic of a provider (seed data, tests). It stores only the settings it decided itself
 * (`settings`, none by default): everything else is its provider's in force, so a later change of
 * the provider's or the global settings reaches it (docs/settings.md).
 */
export async function createClinic(input: NewClinic, settings: Partial<Settings> = {}): Promise<ClinicRecord> {
  const provider = await serviceProvidersRepository.get(input.ServiceProviderID);
  if (!provider) throw notFound();
  const clinic: ClinicRecord = {
    ...input,
    ClinicID: randomUUID(),
    ClinicIsEnabled: input.ClinicIsEnabled ?? true,
    ServiceProviderName: provider.ServiceProviderName,
    CreatedAt: new Date().toISOString(),
  };
  await clinicsRepository.create(clinic, settings);
  return clinic;
}

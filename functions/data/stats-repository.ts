import type { Statistic } from '@shared/api/session';
import { clinicsRepository } from './clinics-repository';
import { db } from './entities';
import { counterScopes, exchangeCountersRepository } from './exchange-counters-repository';
import { serviceProvidersRepository } from './service-providers-repository';
import { PLATFORM_STATS } from './entities/service-provider';

/**
 * The counts the administrators' top bar shows, in the caller's scope. Activated devices and
 * clinics are counters on the provider, clinic and platform items (they change at assignment and
 * creation only); exchanges are the sharded exchange counters, summed on read.
 */
export type StatsScope = { kind: 'global' } | { kind: 'serviceProvider'; id: string } | { kind: 'clinic'; id: string };

export const statsRepository = {
  async get(scope: StatsScope): Promise<Statistic> {
    if (scope.kind === 'serviceProvider') {
      const provider = await serviceProvidersRepository.get(scope.id);
      return {
        activatedDevices: provider?.ActivePatientLinkedDeviceCount ?? 0,
        activatedClinics: provider?.Clinics ?? 0,
        totalNoExchanges: provider?.SPExchangeCounter ?? 0,
      };
    }
    if (scope.kind === 'clinic') {
      const clinic = await clinicsRepository.get(scope.id);
      return {
        activatedDevices: clinic?.ActivePatientLinkedDeviceCount ?? 0,
        activatedClinics: clinic?.ClinicIsEnabled ? 1 : 0,
        totalNoExchanges: clinic?.ClinicExchangeCounter ?? 0,
      };
    }
    const [{ data: item }, exchanges] = await Promise.all([
      db().entities.platformStats.get({ Name: PLATFORM_STATS }).go(),
      exchangeCountersRepository.read([counterScopes.global()]),
    ]);
    return {
      activatedDevices: item?.activatedDevices ?? 0,
      activatedClinics: item?.activatedClinics ?? 0,
      totalNoExchanges: exchanges.get(counterScopes.global())!.ExchangeCount,
    };
  },
};

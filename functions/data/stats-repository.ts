import type { Statistic } from '../../shared/api/session';
import { clinicsRepository } from './clinics-repository';
import { serviceProvidersRepository } from './service-providers-repository';
import { statsKeys } from './stats-keys';
import { getItem } from './table';

/**
 * The counts the administrators' top bar shows, in the caller's scope. A provider's and a
 * clinic's counts are the counters on their own items (the ones their list rows show); the
 * platform's are one item, STATS/GLOBAL. All are updated atomically where they change (device
 * assignment, clinic creation, ingest), so reading them is one GetItem.
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
    const item = await getItem<Partial<Statistic>>(statsKeys.global());
    return {
      activatedDevices: item?.activatedDevices ?? 0,
      activatedClinics: item?.activatedClinics ?? 0,
      totalNoExchanges: item?.totalNoExchanges ?? 0,
    };
  },
};

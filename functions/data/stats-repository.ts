import type { Statistic } from '../../shared/api/session';
import { addToCounters, getItem } from './table';

/**
 * The counts the administrators' top bar shows, kept as counters updated atomically where they
 * change (device activation, clinic activation, ingest): one item for the platform, one per
 * provider, one per clinic, so reading them is one GetItem.
 */
export type StatsScope = { kind: 'global' } | { kind: 'serviceProvider'; id: string } | { kind: 'clinic'; id: string };

const keyOf = (scope: StatsScope) => ({
  pk: 'STATS',
  sk: scope.kind === 'global' ? 'GLOBAL' : scope.kind === 'serviceProvider' ? `SP#${scope.id}` : `CLINIC#${scope.id}`,
});

export const statsRepository = {
  async get(scope: StatsScope): Promise<Statistic> {
    const item = await getItem<Partial<Statistic>>(keyOf(scope));
    return {
      activatedDevices: item?.activatedDevices ?? 0,
      activatedClinics: item?.activatedClinics ?? 0,
      totalNoExchanges: item?.totalNoExchanges ?? 0,
    };
  },

  /** Adds the deltas to every given scope (e.g. a clinic, its provider and the platform). */
  async add(scopes: StatsScope[], deltas: Partial<Statistic>): Promise<void> {
    const nonZero = Object.fromEntries(Object.entries(deltas).filter(([, v]) => v)) as Record<string, number>;
    if (Object.keys(nonZero).length === 0) return;
    await Promise.all(scopes.map((scope) => addToCounters(keyOf(scope), nonZero)));
  },
};

import { clearIngestState, ingestState, ingestStateSwitch, Kept, KEPT_EXCHANGES, keptExchangesFrom, type KnownState } from '@functions/data/ingest-state';

describe('what the ingest keeps', () => {
  afterEach(() => {
    ingestStateSwitch.on = true;
    clearIngestState();
  });

  it('holds at most its bound, the oldest entry going first', () => {
    const kept = new Kept<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('a', 3);
    kept.set('c', 4);
    expect([kept.get('a'), kept.get('b'), kept.get('c'), kept.size]).toEqual([3, undefined, 4, 2]);
  });

  it('trusts an entry for its time only, and keeps nothing that lives 0 ms', () => {
    const kept = new Kept<string>(10, 1_000);
    kept.set('a', 'x', 0);
    expect(kept.get('a', 999)).toBe('x');
    expect(kept.get('a', 1_000)).toBeUndefined();
    expect(kept.size).toBe(0);
    kept.ttlMs = 0;
    kept.set('a', 'y');
    expect(kept.size).toBe(0);
  });

  it('keeps nothing and answers nothing while switched off, and forgets everything on clear', () => {
    ingestState.routes.set('123', { DeviceID: 'd', SerialNumber: '123' });
    ingestStateSwitch.on = false;
    expect(ingestState.routes.get('123')).toBeUndefined();
    ingestState.lastTimes.set('k', '2026-01-01T00:00:00.000Z');
    expect(ingestState.lastTimes.size).toBe(0);
    ingestStateSwitch.on = true;
    ingestState.lastTimes.set('k', '2026-01-01T00:00:00.000Z');
    ingestState.checkedReports.set('r', true);
    clearIngestState();
    expect(Object.values(ingestState).map((kind) => kind.size)).toEqual(Object.values(ingestState).map(() => 0));
  });

  it('holds at most its weight in all, the entries written longest ago going first, and no entry heavier than that', () => {
    const kept = new Kept<number[]>(10, undefined, { of: (value) => value.length, max: 5 });
    kept.set('a', [1, 2]);
    kept.set('b', [1, 2]);
    kept.set('a', [1]);
    kept.set('c', [1, 2, 3]);
    expect([kept.get('a'), kept.get('b'), kept.get('c'), kept.size]).toEqual([[1], undefined, [1, 2, 3], 2]);
    kept.set('d', [1, 2, 3, 4, 5, 6]);
    expect([kept.get('d'), kept.size]).toEqual([undefined, 2]);
    kept.delete('c');
    kept.set('e', [1, 2, 3, 4]);
    expect([kept.get('a'), kept.get('e'), kept.size]).toEqual([[1], [1, 2, 3, 4], 2]);
  });

  it("bounds the patients' kept windows by the exchanges they hold in all", () => {
    const state = (exchanges: number) => ({ history: Array.from({ length: exchanges }) }) as unknown as KnownState;
    for (let device = 0; device < 30; device += 1) ingestState.patients.set(`device-${device}`, state(KEPT_EXCHANGES / 10));
    expect(ingestState.patients.size).toBe(10);
    expect(ingestState.patients.get('device-19')).toBeUndefined();
    expect(ingestState.patients.get('device-29')?.history).toHaveLength(KEPT_EXCHANGES / 10);
  });

  it('takes a lower bound on kept exchanges from INGEST_KEPT_EXCHANGES, never a higher or a broken one', () => {
    expect([undefined, '', 'many', '0', '-5', '2.5', '50000', '720'].map(keptExchangesFrom)).toEqual([
      10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 720,
    ]);
  });
});

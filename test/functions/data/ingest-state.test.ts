import { clearIngestState, ingestState, ingestStateSwitch, Kept } from '@functions/data/ingest-state';

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
    expect(Object.values(ingestState).map((kind) => kind.size)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

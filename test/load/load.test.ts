import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from '@load/run';
import { PORTAL_LIVE_HEAP } from '@load/sampler';

/**
 * A short `npm run load`: a few devices and staff on a stack of its own, with DynamoDB Local
 * killed once, the broker restarted once and one device's clock stepped two hours ahead and back.
 * Every exchange a device sent is stored exactly once (or dead-lettered), the alerts stored are
 * the alert engine's on the same exchanges, each slot two patients' devices left out raised a
 * skipped-exchange alert, no call fails with an unexpected 5xx, and service is back within 10 s.
 */
const outDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-load-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('loses no exchange or alert across a DynamoDB restart, a broker restart and a clock step, and the open screen shows each', async () => {
  const lines: string[] = [];
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  const { report } = await runLoad({
    // Long enough that the first slot of the slot patients comes before the end (load/slots.ts).
    durationS: 75,
    devices: 3,
    clinicians: 3,
    rate: 1.5,
    browsers: 1,
    slotPatients: 2,
    faults: { dynamodb: 1, broker: 1, garbage: 1, clock: 1 },
    outDir,
    log: () => undefined,
  });
  const { accounting } = report;
  expect(accounting.sent).toBeGreaterThan(30);
  expect({ lost: accounting.lost, duplicated: accounting.duplicated, examples: accounting.examples }).toEqual({ lost: 0, duplicated: 0, examples: [] });
  expect(accounting.storedOnce + accounting.deadLettered).toBe(accounting.sent);
  expect(accounting.garbageDeadLettered).toBe(accounting.garbageSent);
  expect(report.faults.filter((fault) => fault.kind === 'clock')).toHaveLength(1);
  const { alerts } = report;
  expect(alerts.exchanges).toBe(accounting.storedOnce);
  expect(alerts.engineAlerts).toBeGreaterThan(0);
  expect({ missing: alerts.missing, extra: alerts.extra, examples: alerts.examples }).toEqual({ missing: 0, extra: 0, examples: [] });
  // Two patients' devices reported at only some of their slots (load/slots.ts): the check raised a
  // SkippedAlert for each slot left out, and for no other.
  const { skipped } = report;
  expect(skipped.leftOut).toBeGreaterThan(0);
  expect(skipped.covered).toBeGreaterThan(0);
  // One assertion, so that a failure shows the whole comparison.
  expect(skipped).toEqual({
    ...skipped,
    expected: skipped.leftOut,
    stored: skipped.leftOut,
    missing: 0,
    extra: 0,
    onCoveredSlots: 0,
    late: 0,
    examples: [],
  });
  expect(report.series.calls.filter((call) => call.outcome === '5xx')).toEqual([]);
  // A nurse in Chromium kept a patient's exchanges open: every exchange acknowledged reached it, live.
  const [screen] = report.screens;
  expect(screen!.acked).toBeGreaterThan(3);
  expect({ missing: screen!.acked - screen!.seen, pageErrors: screen!.pageErrors }).toEqual({ missing: 0, pageErrors: [] });
  expect(screen!.notices).toBeGreaterThan(0);
  const parts = report.faults.filter((fault) => fault.kind === 'dynamodb' || fault.kind === 'broker');
  expect(parts.map((fault) => fault.kind).sort()).toEqual(['broker', 'dynamodb']);
  for (const fault of parts) {
    for (const seconds of Object.values(fault.recovery)) expect(seconds).not.toBeNull();
    expect(Math.max(...(Object.values(fault.recovery) as number[]))).toBeLessThanOrEqual(10);
  }
  // The portal's live heap is sampled from the start (its growth is what a soak judges).
  expect(report.series.processes.filter((sample) => sample.process === PORTAL_LIVE_HEAP && sample.memoryMb > 0).length).toBeGreaterThanOrEqual(2);
}, 420_000);

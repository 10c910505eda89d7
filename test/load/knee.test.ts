import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runLoad } from '@load/run';

/**
 * A short `npm run load -- --knee`: staff alone, then two device rates. Its own file: the portal's
 * clients in this process are made once, for the stack of the run that first uses them.
 */
const outDir = mkdtempSync(path.join(os.tmpdir(), 'pd-portal-knee-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('finds the knee: staff alone, then device rates step by step, each judged by its acknowledgements', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { report } = await runLoad({
    durationS: 0,
    devices: 2,
    clinicians: 3,
    rate: 2,
    faults: {},
    kneeStepS: 3,
    kneeMaxRate: 3,
    outDir: outDir,
    log: () => undefined,
  });
  const knee = report.knee!;
  expect(knee.alone.length).toBeGreaterThan(0);
  // 2, then 3 exchanges/s, unless 2 already fell behind on a busy machine.
  expect(knee.steps.map((step) => step.rate)).toEqual(knee.steps[0]!.sustained ? [2, 3] : [2]);
  for (const step of knee.steps) expect(step.sent).toBeGreaterThan(0);
  expect(knee.knee).toBe([...knee.steps].reverse().find((step) => step.sustained)?.rate ?? null);
  expect(report.summary.some((row) => row.name.startsWith('knee: highest sustained device rate'))).toBe(true);
  expect({ lost: report.accounting.lost, duplicated: report.accounting.duplicated }).toEqual({ lost: 0, duplicated: 0 });
}, 180_000);

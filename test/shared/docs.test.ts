import { readFileSync } from 'node:fs';
import path from 'node:path';
import { alertFlags, alertSeverities } from '@shared/alerts';
import { defaultSettings, settingNames } from '@shared/settings';

const read = (name: string) => readFileSync(path.resolve(__dirname, '../../docs', name), 'utf8');

describe('docs/settings.md', () => {
  const doc = read('settings.md');
  // The rows of the settings table: | `name` | meaning | unit | default |
  const rows = new Map(
    doc
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => cells.length === 6 && /^`\w+`$/.test(cells[1]!))
      .map((cells) => [cells[1]!.slice(1, -1), cells[4]!]),
  );

  it('has one row per setting of shared/settings.ts and no other', () => {
    expect([...rows.keys()].sort()).toEqual([...settingNames].sort());
  });

  it.each(settingNames.map((name) => [name]))('gives the default of %s', (name) => {
    expect(rows.get(name)).toBe(String(defaultSettings[name]));
  });
});

describe('docs/alerts.md', () => {
  const doc = read('alerts.md');

  it.each(alertFlags.map((flag) => [flag]))('describes %s with its severity', (flag) => {
    const heading = doc.split('\n').find((line) => line.startsWith('### ') && line.includes(flag));
    expect(heading).toBeDefined();
    expect(heading).toContain(`severity ${alertSeverities[flag]}`);
  });

  it.each([
    'MaxDrainTemp',
    'DrainTempUnit',
    'WeightFromDryThreshold',
    'WeightFromDryUnit',
    'WeightRecentlyFromLastTime',
    'WeightRecentlyFromLastTimeUnit',
    'WeightRecentlyIncreaseValueThreshold',
    'WeightRecentlyIncreaseValueUnit',
    'BPminRangeLow',
    'BPminRangeHigh',
    'BPmaxRangeLow',
    'BPmaxRangeHigh',
    'PulseMinRange',
    'PulseMaxRange',
    'LowUFThreshold',
    'NoDrainThreshold',
    'TurbidityThreshold',
    'SkippedExchangeGraceTime',
    'MaxDwellHours',
    'UtilizationStatusGood',
    'UtilizationStatusFair',
  ] as const)('names the alert setting %s with its default', (name) => {
    expect(doc).toContain(`\`${name}\``);
    expect(doc).toMatch(new RegExp(`\`${name}\`[^\\n]*\\b${defaultSettings[name]}\\b`));
  });
});

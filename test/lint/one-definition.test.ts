import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Small facts the code once wrote out in several places, each now defined in one module: this
 * finds a second definition creeping back in. Tests may quote a message, as a user reads it.
 */
const ROOT = path.resolve(__dirname, '../..');
const FOLDERS = ['functions', 'shared', 'web', 'infra', 'bench', 'scripts', 'test'];
const SKIPPED = new Set(['node_modules', 'dist', 'cdk.out', 'coverage', '.local']);

function codeFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : codeFiles(relative);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) ? [relative] : [];
  });
}

const THIS_FILE = path.relative(ROOT, __filename).split(path.sep).join('/');
const files = FOLDERS.flatMap(codeFiles)
  .filter((file) => file !== THIS_FILE)
  .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

const repeats: Array<[what: string, home: string, pattern: RegExp, testsToo: boolean]> = [
  [
    'a minute, an hour or a day in milliseconds',
    'shared/time.ts',
    /\b(?:const|let)\s+(?:MINUTE|HOUR|DAY)(?:_MS)?\s*=|\b(?:24 \* )?60 \* 60 \* 1000\b|\b86_?400_?000\b|\b24 \* 3_?600_?000\b/,
    true,
  ],
  ['the HH:mm time of day pattern', 'shared/device/schedule.ts', /\[01\]\\d\|2\[0-3\]|\/\^\\d\{2\}:\\d\{2\}\$\/|\/\^\\d\\d:\\d\\d\$\//, true],
  ["the IDA#'s characters", 'shared/device/serial-number.ts', /\[\^?0-9\.-\]/, true],
  ["the serial number's length message", 'shared/messages/prescriptions.ts', /SN length must be/, false],
  // A stored record's shape is its entity's (ItemOf): a hand-written twin drifts from it.
  ['a stored record type', 'functions/data/entities/index.ts', /export interface \w+Record\b/, false],
];

it('finds each pattern in a made-up second definition', () => {
  const samples = [
    'const HOUR = 60 * 60 * 1000;',
    'const AT = /^([01]\\d|2[0-3]):([0-5]\\d)$/; const LOOSE = /^\\d{2}:\\d{2}$/;',
    "const SERIAL = /^[0-9.-]{9}$/; keep(value.replace(/[^0-9.-]/g, ''));",
    "const message = 'SN length must be 9 characters';",
    'export interface DeviceRecord {',
  ];
  expect(repeats.map(([, , pattern], n) => pattern.test(samples[n]!))).toEqual([true, true, true, true, true]);
});

it.each(repeats)('defines %s only in %s', (_what, home, pattern, testsToo) => {
  expect(files.some(({ file }) => file === home)).toBe(true);
  const searched = testsToo ? files : files.filter(({ file }) => !file.startsWith('test/'));
  expect(searched.filter(({ file, text }) => file !== home && pattern.test(text)).map(({ file }) => file)).toEqual([]);
});

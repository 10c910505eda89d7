import { parseArgs } from 'node:util';

export const FAULT_KINDS = ['dynamodb', 'cognito', 'broker', 'garbage', 'burst', 'clock'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface LoadOptions {
  durationS: number;
  devices: number;
  clinicians: number;
  /** Exchanges per second over the whole fleet. */
  rate: number;
  /** Each kind and how many times it happens in the run. */
  faults: Partial<Record<FaultKind, number>>;
  /** Staff in Chromium keeping a patient's exchanges screen open (load/browsers.ts). */
  browsers?: number;
  /** Patients whose devices report at only some of their slots, a minute apart (load/slots.ts). */
  slotPatients?: number;
  /** Set: find the knee instead (load/knee.ts), each rate held this many seconds; no faults. */
  kneeStepS?: number;
  /** The knee's highest rate tried (exchanges/s); unbounded by default. */
  kneeMaxRate?: number;
  /** Where the run's data and report go; `.local/load/<time>` by default. */
  outDir?: string;
  log?: (line: string) => void;
}

/** A quick run: about two minutes on a 2-CPU machine, every fault at least once. */
export const QUICK: Omit<LoadOptions, 'outDir' | 'log'> = {
  durationS: 75,
  devices: 6,
  clinicians: 5,
  rate: 2,
  browsers: 1,
  slotPatients: 2,
  faults: { dynamodb: 2, broker: 2, cognito: 1, garbage: 2, burst: 1, clock: 1 },
};

/** How long the knee holds each rate by default: enough answers per route for a p95. */
const KNEE_STEP_S = 60;

const FULL: Omit<LoadOptions, 'outDir' | 'log'> = {
  durationS: 600,
  devices: 20,
  clinicians: 8,
  rate: 4,
  browsers: 2,
  slotPatients: 2,
  faults: { dynamodb: 3, broker: 3, cognito: 3, garbage: 3, burst: 3, clock: 2 },
};

export const usage = `usage: npm run load -- [--quick] [--duration <s>] [--devices N] [--clinicians M] [--rate <exchanges/s>] [--browsers N] [--slot-patients N]
                     [--faults on|off|dynamodb,cognito,broker,garbage,burst,clock[:times]] [--out <folder>]
       npm run load -- --knee [--step <s>] [--max-rate <exchanges/s>] [--devices N] [--clinicians M] [--rate <first rate>]`;

/** `--faults on|off|kind[:times],…`: the kinds named happen `times` times (else as the plan has them, at least 2). */
export function parseFaults(text: string, plan: LoadOptions['faults']): LoadOptions['faults'] {
  if (text === 'on') return plan;
  if (text === 'off') return {};
  const faults: LoadOptions['faults'] = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [kind, times] = part.split(':');
    if (!FAULT_KINDS.includes(kind as FaultKind)) throw new Error(`--faults: no fault ${JSON.stringify(kind)} (${FAULT_KINDS.join(', ')})`);
    faults[kind as FaultKind] = times ? Number(times) : Math.max(2, plan[kind as FaultKind] ?? 0);
  }
  return faults;
}

export function parseLoadOptions(argv: string[]): LoadOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean' },
      duration: { type: 'string' },
      devices: { type: 'string' },
      clinicians: { type: 'string' },
      rate: { type: 'string' },
      faults: { type: 'string' },
      browsers: { type: 'string' },
      'slot-patients': { type: 'string' },
      knee: { type: 'boolean' },
      step: { type: 'string' },
      'max-rate': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const plan = values.quick ? QUICK : FULL;
  const number = (name: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${JSON.stringify(text)}`);
    return value;
  };
  return {
    durationS: number('duration', values.duration, plan.durationS),
    devices: Math.round(number('devices', values.devices, plan.devices)),
    clinicians: Math.round(number('clinicians', values.clinicians, plan.clinicians)),
    rate: number('rate', values.rate, plan.rate),
    browsers: values.browsers === '0' ? 0 : Math.round(number('browsers', values.browsers, plan.browsers ?? 0)),
    slotPatients: values['slot-patients'] === '0' ? 0 : Math.round(number('slot-patients', values['slot-patients'], plan.slotPatients ?? 0)),
    faults: values.knee ? {} : values.faults === undefined ? plan.faults : parseFaults(values.faults, plan.faults),
    ...(values.knee ? { kneeStepS: number('step', values.step, KNEE_STEP_S), kneeMaxRate: number('max-rate', values['max-rate'], Infinity) } : {}),
    outDir: values.out,
  };
}

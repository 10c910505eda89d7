/**
 * `npm run load [-- --quick] [--duration s] [--devices N] [--clinicians M] [--rate r] [--faults …]`
 *
 * Starts the real local stack (`npm start`'s parts) on its own data folder and ports, seeds its
 * own tenants, then runs devices over MQTT and staff over the HTTP API at once while faults break
 * parts of the stack on a schedule; at the end it accounts for every exchange sent, prints the
 * summary and writes `.local/load/<time>/report.json` and `report.html`. Exits 1 when a goal fails.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRandom } from '@infra/local/simulate';
import { accountFor } from './accounting';
import { watchScreens } from './browsers';
import { checkAlerts } from './alerts';
import { Clinician } from './clinicians';
import { driveFleet, LoadDevice } from './devices';
import { RunLog } from './events';
import { faultSchedule, measureRecoveries, runFault } from './faults';
import { findKnee, kneeRows, type KneeResult } from './knee';
import { keptExchangesFor, memoryGrowth } from './memory';
import { parseLoadOptions, usage, type LoadOptions } from './options';
import { formatTable, memoryRows, routeFigures, routeTable, screenRows, skippedRows, summaryRows, writeReport, type LoadReport } from './report';
import { startSampler } from './sampler';
import { startStackProcess, type StackProcess } from './stack-process';
import { newRunId, seedLoadTenants } from './tenants';
import {
  checkSkippedAlerts,
  driveSlots,
  judgedBy,
  prescribeSlots,
  SKIPPED_CHECK_INTERVAL_MS,
  SLOT_CLINIC_SETTINGS,
  slotTimes,
  watchSkippedAlerts,
  type SkippedCheck,
} from './slots';

/** How long the devices get at the end to have every message acknowledged. */
const DRAIN_MS = 30_000;

export interface LoadResult {
  report: LoadReport;
  dir: string;
  passed: boolean;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? ((line: string) => console.log(`[load] ${line}`));
  const startedAt = new Date().toISOString();
  const dir = path.resolve(options.outDir ?? path.join('.local', 'load', startedAt.replace(/[:.]/g, '-')));
  await mkdir(dir, { recursive: true });
  const random = createRandom(7);
  const keptExchanges = keptExchangesFor(options);
  log(`starting the local stack in ${dir}/data, the ingest keeping at most ${keptExchanges} exchanges`);
  const stack = await startStackProcess(
    { dataDir: path.join(dir, 'data'), port: 0, mqttPort: 0, skippedCheckIntervalMs: SKIPPED_CHECK_INTERVAL_MS },
    (line) => log(`[stack] ${line}`),
    { INGEST_KEPT_EXCHANGES: String(keptExchanges) },
  );
  try {
    log(`seeding ${options.devices} devices and ${options.clinicians} staff`);
    const slotPatients = options.slotPatients ?? 0;
    const tenants = await seedLoadTenants({
      dataDir: stack.dataDir,
      devices: options.devices,
      clinicians: options.clinicians,
      slotPatients,
      runId: newRunId(),
    });
    const run = new RunLog();
    const devices = tenants.devices.map((home) => new LoadDevice(home, stack.mqttUrl, run, random));
    const slotDevices = tenants.slotDevices.map((home) => new LoadDevice(home, stack.mqttUrl, run, random));
    const allDevices = [...devices, ...slotDevices];
    await Promise.all(allDevices.map((device) => device.connect()));
    const slots = slotPatients ? slotTimes(Date.now()) : [];
    await prescribeSlots(tenants.slotDevices, (clinicId) => tenants.doctorByClinic.get(clinicId)!, slots);
    const slotReports = driveSlots(slotDevices, slots);
    const slotAlerts = watchSkippedAlerts(slotDevices, run);
    const clinicians = tenants.staff.map((person) => new Clinician(person, stack.url, tenants, run, random));
    const prober = new Clinician(tenants.staff[0]!, stack.url, tenants, run, random);
    // Signed in before any fault: its write probe must not wait for its sign-in probe.
    if (!(await prober.signIn())) throw new Error('the fault prober could not sign in');
    const sampler = startSampler(stack, run, () => [...tenants.devices, ...tenants.slotDevices].map((device) => device.patientId));

    const screens = options.browsers ? await watchScreens(options.browsers, stack.url, tenants.staff, devices, run) : undefined;
    const working = clinicians.map((clinician) => clinician.work());
    let knee: KneeResult | undefined;
    if (options.kneeStepS) {
      knee = await findKnee(devices, run, { startRate: options.rate, stepS: options.kneeStepS, maxRate: options.kneeMaxRate }, log);
    } else {
      log(`running for ${options.durationS} s at ${options.rate} exchanges/s`);
      const fleet = driveFleet(devices, options.rate);
      const faulting = runFaults(options, { stack, devices, fleet, prober }, run, log);
      await sleep(options.durationS * 1000);
      await faulting;
      fleet.stop();
    }
    const seconds = run.now();
    for (const clinician of clinicians) clinician.stop();
    slotReports.stop();
    log('stopping: devices finish what is in flight');
    await Promise.all([...working, ...allDevices.map((device) => device.stop(DRAIN_MS))]);
    const screenFigures = (await screens?.stop()) ?? [];
    sampler.stop();
    measureRecoveries(run);

    const accounting = await retry(() => accountFor(allDevices));
    const alerts = await retry(() => checkAlerts(allDevices));
    const skipped = await judgeSkipped({ stack, devices, slotDevices, slots, reported: slotReports.reported, firstSeen: slotAlerts.firstSeen, run }, log);
    slotAlerts.stop();
    const routes = routeFigures(run.calls);
    const memory = memoryGrowth(sampler.processes, seconds);
    const summary = [
      ...summaryRows(accounting, alerts, run),
      ...skippedRows(skipped),
      ...memoryRows(memory),
      ...screenRows(screenFigures),
      ...(knee ? kneeRows(knee) : []),
    ];
    const report: LoadReport = {
      options: { ...options, outDir: dir },
      startedAt,
      seconds,
      summary,
      accounting,
      alerts,
      skipped,
      routes,
      faults: run.faults,
      memory,
      screens: screenFigures,
      ...(knee ? { knee } : {}),
      devices: {
        prescriptionsAcked: devices.reduce((sum, d) => sum + d.prescriptionsAcked, 0),
        errorsSent: devices.reduce((sum, d) => sum + d.errorsSent, 0),
        reconnects: devices.reduce((sum, d) => sum + d.reconnects, 0),
      },
      oddities: [...new Set(run.oddities)].slice(0, 50),
      series: { calls: run.calls, device: run.device, stored: sampler.stored, processes: sampler.processes },
    };
    await writeReport(dir, report);
    return { report, dir, passed: summary.every((row) => row.pass !== false) };
  } finally {
    await stack.stop();
  }
}

/** The faults of the plan, each at its time, while the fleet and the staff work. */
async function runFaults(
  options: LoadOptions,
  parts: { stack: StackProcess; devices: LoadDevice[]; fleet: ReturnType<typeof driveFleet>; prober: Clinician },
  run: RunLog,
  log: (line: string) => void,
): Promise<void> {
  const { stack, devices, fleet, prober } = parts;
  let garbageFrom = 0;
  let clockFrom = 0;
  for (const { at, kind } of faultSchedule(options)) {
    if (at > run.now()) await sleep((at - run.now()) * 1000);
    log(`fault: ${kind}`);
    const window = await runFault(
      kind,
      {
        stack,
        garbage: () => devices[garbageFrom++ % devices.length]!.sendGarbage(),
        stepClock: (offsetMs) => {
          // Forward on the next device in turn, back on the same one.
          if (offsetMs === 0) devices[(clockFrom - 1) % devices.length]!.clockOffsetMs = 0;
          else devices[clockFrom++ % devices.length]!.clockOffsetMs = offsetMs;
        },
        burst: fleet.burst,
        probeSignIn: () => prober.probeSignIn(),
        probeWrite: () => prober.probeWrite(),
      },
      run,
    );
    log(`fault: ${kind} over, part back after ${((window.back ?? window.start) - window.start).toFixed(1)} s`);
  }
}

/**
 * The skipped-exchange check's judgement: once the first slot's judgement is due (the wait is
 * shorter than a minute and a half after a quick run, none after a longer one), the check runs
 * once more, and the alerts held are compared with the rules' (load/slots.ts).
 */
async function judgeSkipped(
  parts: Omit<Parameters<typeof checkSkippedAlerts>[0], 'checkedAtMs'> & { stack: StackProcess },
  log: (line: string) => void,
): Promise<SkippedCheck> {
  const [first] = parts.slots;
  const due = first === undefined ? 0 : judgedBy(first, SLOT_CLINIC_SETTINGS.SkippedExchangeGraceTime!) + 1000;
  if (due > Date.now()) {
    log(`waiting ${Math.round((due - Date.now()) / 1000)} s for the first slot's skipped-exchange check to be due`);
    await sleep(due - Date.now());
  }
  const checkedAtMs = Date.now();
  await parts.stack.checkSkippedExchanges();
  return retry(() => checkSkippedAlerts({ ...parts, checkedAtMs }));
}

/** The table may still be coming back from the last fault: try again for a while. */
async function retry<T>(count: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await count();
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(1000);
    }
  }
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // The ingest's warnings on the garbage sent on purpose would bury the run's own lines.
  process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
  const options = parseLoadOptions(process.argv.slice(2));
  if (options === 'help') return console.log(usage);
  const { report, dir, passed } = await runLoad(options);
  console.log(`\n${formatTable(report.summary)}\n\n${routeTable(report.routes)}\n`);
  if (report.accounting.examples.length) console.log(`lost or duplicated:\n  ${report.accounting.examples.join('\n  ')}`);
  if (report.alerts.examples.length) console.log(`alerts missing or extra:\n  ${report.alerts.examples.join('\n  ')}`);
  if (report.skipped.examples.length) console.log(`skipped-exchange alerts missing or extra:\n  ${report.skipped.examples.join('\n  ')}`);
  if (report.oddities.length)
    console.log(`unexpected answers (first ${Math.min(10, report.oddities.length)}):\n  ${report.oddities.slice(0, 10).join('\n  ')}`);
  console.log(`report: ${path.join(dir, 'report.html')}`);
  process.exit(passed ? 0 : 1);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('load: failed', error);
    process.exit(2);
  });
}

/**
 * `npm run bench [-- --quick] [--keep] [--only browser] [--exchanges-route <routeId>] [--visits-route <routeId>]
 * [--clinic-patients-route <routeId>] [--highlights-route <routeId>]`: a throwaway portal on free
 * loopback ports (data in .local/bench-<time>/) measured against raw DynamoDB side by side, printed
 * and written to .local/bench.json. A benchmark, not a test: nothing here fails a build.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import mqtt, { type MqttClient } from 'mqtt';
import { deviceCredentials, deviceCredentialsFile } from '@infra/local/device-credentials';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalStack, TABLE_NAME, type LocalStack } from '../infra/local/stack';
import { deviceTopics, type DeviceExchange } from '../shared/device';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../shared/time';
import {
  CLINIC_LIST_STAND_IN,
  listClinicPatientsViaRepository,
  rawClinicPatients,
  rawGlobalSettings,
  rawPatientExchanges,
  rawPatientExchangesWithChecks,
  rawPatientVisitsWithChecks,
  rawPatientVisits,
  rawIngestWrites,
  rawSeedExchangeHistory,
  rawWriteExchange,
  type RawTable,
} from './adapters';
import { ApiClient, callerRoleFor, fillPath, findRoute, itemCount, routeById, routeLabel, type FoundRoute } from './api';
import { ingestState } from '../functions/data/ingest-state';
import { DynamoRequestCounter, DynamoWriteRecorder } from './dynamo-requests';
import { measureEscalations } from './escalation';
import {
  BENCH_PASSWORD,
  createBenchPatient,
  createProviderWithClinics,
  createStaff,
  exchangeReport,
  ingestDirectly,
  initGlobalSettings,
  type BenchClinic,
  type BenchPatient,
} from './fixtures';
import { measureBrowser, seedBrowserClinic } from './browser';
import { inParallel, latencies, pairedLatency, quantile, throughput } from './measure';
import { formatTable, limitRow, notYetRow, ratioRow, shownRatioRow, writeJson, type BenchRow } from './report';
import { lambdaRows, measureLambdas, measureWeb } from './sizes';

const REPO_ROOT = path.resolve(__dirname, '..');
const IN_FLIGHT = 8;
const PUBLISH_TIMEOUT_MS = 20_000;
const LIST_WARM_UP = 150;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const quick = flag('quick');
/** `--only browser`: the browser part alone (bench/browser.ts), on its own clinic. */
const onlyBrowser = option('only') === 'browser';
/** Sample sizes: the full run aims at a few minutes on 2 cores, --quick at about one. */
const plan = quick
  ? { latencySamples: 40, tenantPatients: 5, tenantExchangesEach: 3, ingestDevices: 16, ingestMany: 80, ingestOne: 24, historyDays: 730, bigIngest: 24 }
  : { latencySamples: 120, tenantPatients: 10, tenantExchangesEach: 3, ingestDevices: 32, ingestMany: 240, ingestOne: 64, historyDays: 730, bigIngest: 64 };
/** Tenant isolation: other clinics hold this many times clinic A's patients and exchanges. */
const OTHERS_FACTOR = 100;
const EXCHANGE_HOURS = [7, 12, 17, 22];
/** The last weeks of the long history go through ingest: its look-back window and then some. */
const HISTORY_INGESTED_DAYS = 21;

/**
 * The browser part: a clinic of 200 patients, one with a year of exchanges, visited in Chromium on
 * the slow line and unthrottled (bench/browser.ts); the web is rebuilt as production builds it.
 */
async function browserPart(stack: LocalStack): Promise<BenchRow[]> {
  const seed = await seedBrowserClinic({ patients: 200, days: 365, log });
  const { rows } = await measureBrowser({
    stackUrl: stack.url,
    webDir: path.join(stack.dataDir, 'web'),
    seed,
    loads: quick ? 1 : 3,
    profiles: [true, false],
    log,
  });
  log('browser measured');
  return rows;
}

const runStart = performance.now();
const log = (line: string) => console.log(`[bench] ${((performance.now() - runStart) / 1000).toFixed(0).padStart(4)} s  ${line}`);
const ms = (n: number) => Math.round(n * 100) / 100;
const round1 = (n: number) => Math.round(n * 10) / 10;

interface Devices {
  clients: Map<string, MqttClient>;
  readonly reconnects: number;
  close(): Promise<void>;
}

async function connectDevices(mqttUrl: string, dataDir: string, serialNumbers: string[]): Promise<Devices> {
  const clients = new Map<string, MqttClient>();
  const credentials = deviceCredentials(deviceCredentialsFile(dataDir));
  let reconnects = 0;
  for (const serial of serialNumbers) {
    // Each device gets its secret, as registration issues it, and connects with it.
    const password = credentials.issue(serial);
    // As a device does: when the broker drops it (ingest failed), reconnect and send the unacknowledged messages again.
    const client = await mqtt.connectAsync(mqttUrl, { clientId: serial, username: serial, password, clean: true, reconnectPeriod: 250 });
    client.on('reconnect', () => (reconnects += 1));
    clients.set(serial, client);
  }
  return {
    clients,
    get reconnects() {
      return reconnects;
    },
    close: async () => {
      await Promise.all([...clients.values()].map((client) => client.endAsync(true)));
    },
  };
}

/** QoS 1 publish, resolved by the broker's PUBACK, which it sends once ingest has stored the exchange. */
async function publishExchange(client: MqttClient, serialNumber: string, exchange: DeviceExchange): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no PUBACK for ${exchange._id} within ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
  });
  try {
    await Promise.race([client.publishAsync(deviceTopics.exchange(serialNumber), JSON.stringify(exchange), { qos: 1 }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Each device's exchanges follow one another in time (four a day), from `start`. */
function exchangeClock(start: number) {
  const next = new Map<string, number>();
  return (serialNumber: string) => {
    const n = next.get(serialNumber) ?? 0;
    next.set(serialNumber, n + 1);
    const day = Math.floor(n / EXCHANGE_HOURS.length);
    return new Date(start + day * DAY_MS + EXCHANGE_HOURS[n % EXCHANGE_HOURS.length]! * HOUR_MS + (n % 17) * MINUTE_MS);
  };
}

interface IngestResult {
  perSecond: number;
  /** The same items ingest wrote, written raw (rawIngestWrites), each device's in its order. */
  floorPerSecond: number;
  /** One PutItem of each exchange alone: what storing the report costs with nothing derived. */
  putFloorPerSecond: number;
  /** Write requests of the floor per exchange (ingest's own, replayed). */
  floorWritesPerExchange: number;
  requestsPerExchange: number;
  /** Milliseconds per exchange, end to end, and of them waiting on DynamoDB; and the floor's per exchange. */
  msPerExchange: number;
  dynamoMsPerExchange: number;
  floorMsPerExchange: number;
  breakdown: string;
  failures: number;
  firstFailure?: string;
  /** Times a device was dropped by the broker (ingest failed) and reconnected to send again. */
  reconnects: number;
}

/**
 * `count` exchanges over MQTT with IN_FLIGHT publishes in flight, worker w publishing for the
 * devices w, w + IN_FLIGHT, … (so with one device every worker shares it), then two floors: the
 * same items ingest wrote, written raw with the same concurrency (each device's writes one after
 * another, as ingest takes them: docs/device-protocol.md, "Order"), and one PutItem per exchange.
 */
async function measureIngest(
  devices: Devices,
  patients: BenchPatient[],
  count: number,
  clock: (serialNumber: string) => Date,
  counter: DynamoRequestCounter,
  recorder: DynamoWriteRecorder,
  raw: RawTable,
): Promise<IngestResult> {
  const plannedExchanges = Array.from({ length: count }, (_, index) => {
    const patient = patients[index % patients.length]!;
    return { patient, exchange: exchangeReport(patient.serialNumber!, clock(patient.serialNumber!)) };
  });
  let failures = 0;
  let firstFailure: string | undefined;
  const reconnectsBefore = devices.reconnects;
  counter.reset();
  recorder.start();
  const ingest = await throughput(count, IN_FLIGHT, async (index) => {
    const { patient, exchange } = plannedExchanges[index]!;
    try {
      await publishExchange(devices.clients.get(patient.serialNumber!)!, patient.serialNumber!, exchange);
    } catch (error) {
      failures += 1;
      firstFailure ??= String(error);
    }
  });
  const requests = counter.total;
  const waitingMs = counter.waitingMs;
  const breakdown = counter.breakdown(count);
  const reconnects = devices.reconnects - reconnectsBefore;
  const floorWrites = await rawIngestWrites(raw, recorder.take());
  const byDevice = new Map<string, Array<() => Promise<unknown>>>();
  for (const { device, send } of floorWrites) byDevice.set(device, [...(byDevice.get(device) ?? []), send]);
  const sequences = [...byDevice.values()];
  const floor = await throughput(sequences.length, Math.min(IN_FLIGHT, sequences.length), async (index) => {
    for (const send of sequences[index]!) await send();
  });
  const putFloor = await throughput(count, IN_FLIGHT, async (index) => {
    const { patient, exchange } = plannedExchanges[index]!;
    await rawWriteExchange(raw, patient.patientId, { ...exchange, _id: `${exchange._id}-floor` });
  });
  return {
    perSecond: ingest.perSecond,
    floorPerSecond: count / floor.seconds,
    putFloorPerSecond: putFloor.perSecond,
    floorWritesPerExchange: floorWrites.length / count,
    requestsPerExchange: requests / count,
    msPerExchange: (ingest.seconds * 1000) / count,
    dynamoMsPerExchange: waitingMs / count,
    floorMsPerExchange: (floor.seconds * 1000) / count,
    breakdown,
    failures,
    firstFailure,
    reconnects,
  };
}

function ingestRows(label: string, result: IngestResult): BenchRow[] {
  return [
    ratioRow(
      `Ingest ${label}: exchanges/s (MQTT QoS 1 acked after storage) vs raw writes of the same items (${round1(result.floorWritesPerExchange)} requests per exchange)`,
      result.perSecond,
      result.floorPerSecond,
      { min: 0.5 },
    ),
    shownRatioRow(`Ingest ${label}: exchanges/s vs one raw PutItem of each exchange alone`, result.perSecond, result.putFloorPerSecond),
    limitRow(`Ingest ${label}: DynamoDB requests per exchange`, result.requestsPerExchange, 6),
  ];
}

/**
 * Where one patient's exchanges spend their time (the broker takes a device's messages one at a
 * time, so these add up): waiting on DynamoDB, against the floor's writes of the same items, and
 * the rest, the portal's own (CPU, the broker). Shown, not judged.
 */
function ingestTimeRows(label: string, result: IngestResult): BenchRow[] {
  return [
    shownRatioRow(
      `Ingest ${label}: ms per exchange waiting on DynamoDB (reads, then the transaction) vs the floor's ms per exchange`,
      result.dynamoMsPerExchange,
      result.floorMsPerExchange,
    ),
    shownRatioRow(
      `Ingest ${label}: ms per exchange end to end vs waiting on DynamoDB (the rest is CPU and the broker)`,
      result.msPerExchange,
      result.dynamoMsPerExchange,
    ),
  ];
}

/**
 * `run` under a CPU profile written to `.local/<name>.cpuprofile` when `--profile` is given (the
 * bench and the local stack together: they share this process); else just `run`.
 */
async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (!flag('profile')) return run();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    const file = path.join(REPO_ROOT, '.local', `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    log(`CPU profile written to ${file}`);
  }
}

/** Prints the table and the notes, and writes .local/bench.json. */
async function printReport(rows: BenchRow[], notes: string[], started: number): Promise<void> {
  const table = formatTable(rows);
  console.log(`\n${table}\n`);
  for (const note of notes) console.log(`- ${note}`);
  console.log(
    `- ${os.cpus().length} cores, load average at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${quick ? 'quick' : 'full'} run in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  const jsonFile = path.join(REPO_ROOT, '.local', 'bench.json');
  await writeJson(jsonFile, rows);
  console.log(`- written to ${path.relative(process.cwd(), jsonFile)}`);
}

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = performance.now();
  const dataDir = path.join(REPO_ROOT, '.local', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  log(`${quick ? 'quick run' : 'full run'}; data in ${dataDir}; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);

  let stack: LocalStack | undefined;
  let devices: Devices | undefined;
  const stopAll = async () => {
    await devices?.close().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    if (!flag('keep')) await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    stack = await startLocalStack({ dataDir, port: 0, mqttPort: 0, skippedCheckIntervalMs: DAY_MS, escalationCheckIntervalMs: DAY_MS, log });
    if (onlyBrowser) {
      rows.push(...(await browserPart(stack)));
      await stopAll();
      stack = undefined;
      await printReport(rows, notes, started);
      return;
    }
    const counter = DynamoRequestCounter.install();
    const recorder = DynamoWriteRecorder.install();
    // Why the broker dropped a device: the ingest error it refused a publish with.
    const ingestErrors = new Map<string, number>();
    stack.broker.broker.on('clientError', (_client, error) => {
      if (/connection closed/i.test(error.message)) return; // the benchmark's own disconnects
      const key = `${error.name}: ${error.message}`
        .replace(/[0-9a-f-]{36}/g, '<id>')
        .replace(/exchange \S+/g, 'exchange <_id>')
        .slice(0, 160);
      ingestErrors.set(key, (ingestErrors.get(key) ?? 0) + 1);
    });
    const raw: RawTable = {
      doc: DynamoDBDocumentClient.from(
        new DynamoDBClient({
          endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }),
      ),
      tableName: TABLE_NAME,
    };
    const api = new ApiClient(stack.url);
    await initGlobalSettings();

    // --- Clinic A: the tenant whose reads are measured, with a doctor and a director.
    const [clinicA] = (await createProviderWithClinics('Bench Home Care', 1)) as [BenchClinic];
    const doctor = await createStaff(clinicA, 'Doctor', 'doctor@bench.example');
    const director = await createStaff(clinicA, 'ClinicDirector', 'director@bench.example');
    type Callers = { clinic: BenchClinic } & Record<'Doctor' | 'ClinicDirector', { userId: string; token: string }>;
    const callersA: Callers = {
      clinic: clinicA,
      Doctor: { userId: doctor.userId, token: await api.signIn(doctor.email, BENCH_PASSWORD) },
      ClinicDirector: { userId: director.userId, token: await api.signIn(director.email, BENCH_PASSWORD) },
    };
    const clinicAPatients: BenchPatient[] = [];
    await inParallel(Array.from({ length: plan.tenantPatients }), 4, async () => {
      clinicAPatients.push(await createBenchPatient(clinicA, doctor.userId, true));
    });
    const clinicAClock = exchangeClock(Date.now() - 3 * DAY_MS);
    await inParallel(clinicAPatients, 4, async (patient) => {
      for (let i = 0; i < plan.tenantExchangesEach; i += 1)
        await ingestDirectly(patient.serialNumber!, exchangeReport(patient.serialNumber!, clinicAClock(patient.serialNumber!)));
    });
    const clinicAExchanges = clinicAPatients.length * plan.tenantExchangesEach;
    log(`clinic A: ${clinicAPatients.length} patients, ${clinicAExchanges} exchanges`);

    /** The clinic's user of the route's role: another clinic's patient would answer 404. */
    const callerOf = (found: FoundRoute, callers: Callers) => (callerRoleFor(found.route) === 'ClinicDirector' ? callers.ClinicDirector : callers.Doctor);
    const callRoute = (found: FoundRoute, patientId?: string, callers: Callers = callersA) => {
      const caller = callerOf(found, callers);
      return api.get(fillPath(found.route, { callerId: caller.userId, patientId, clinicId: callers.clinic.clinicId }), caller.token);
    };

    /** The ids a raw floor needs to make the checks a route's read makes (adapters.ts withReadChecks). */
    const checkIdsOf = (found: FoundRoute, patientId: string, callers: Callers = callersA) => {
      const caller = callerOf(found, callers);
      const claims = JSON.parse(Buffer.from(caller.token.split('.')[1]!, 'base64url').toString('utf8')) as { jti?: string };
      return { userId: caller.userId, tokenId: String(claims.jti), patientId };
    };

    /** What compressing an answer saves on the wire and costs in time, as a browser asks for it. */
    const compressionRows = async (route: FoundRoute, patientId: string, callers: Callers) => {
      const caller = callerOf(route, callers);
      const path = fillPath(route.route, { callerId: caller.userId, patientId, clinicId: callers.clinic.clinicId });
      const compressed = await api.wireBytes(path, caller.token, 'gzip, deflate, br');
      const plain = await api.wireBytes(path, caller.token, 'identity');
      const timed = await pairedLatency(
        plan.latencySamples,
        () => api.get(path, caller.token, 'gzip, deflate, br'),
        () => api.get(path, caller.token, 'identity'),
      );
      rows.push(
        ratioRow(`API answer bytes: ${routeLabel(route)} compressed vs not`, compressed, plain, { max: 0.25 }),
        shownRatioRow(`API answer p50 ms: ${routeLabel(route)} compressed vs not`, quantile(timed.subject, 0.5), quantile(timed.floor, 0.5)),
      );
    };

    // --- API overhead: a patient's exchanges through the API vs the same items read raw.
    const exchangesRoute = findRoute(option('exchanges-route'), /\/patients\/\{\w+\}\/getExchanges$/);
    const visitsRoute = findRoute(option('visits-route'), /\/patients\/\{\w+\}\/getVisits$/);
    const highlightsRoute = findRoute(option('highlights-route'), /highlight/i);
    const clinicListRoute = findRoute(option('clinic-patients-route'), /\/getAllClinicPatients\/?$|\/getallpatients\/?$/);
    const p0 = clinicAPatients[0]!;
    /**
     * A read judged against the same DynamoDB requests raw, with the same dependencies (what the
     * portal adds beyond the requests its security needs), and shown against its own items' Query
     * alone (no session, tenant or audit: the design's three round trips set that ratio; not judged).
     */
    const latencyRows = async (
      label: string,
      route: FoundRoute,
      call: () => Promise<unknown>,
      floorsFor: (returned: number) => { alone: () => Promise<unknown>; withChecks: () => Promise<unknown>; checks: string },
    ) => {
      counter.reset();
      const returned = itemCount(await call());
      const floors = floorsFor(Math.max(1, returned));
      notes.push(`${label}: ${routeLabel(route)} sends ${counter.breakdown()} (${counter.total} DynamoDB requests).`);
      const checked = await pairedLatency(plan.latencySamples, call, floors.withChecks);
      const alone = await pairedLatency(plan.latencySamples, call, floors.alone);
      const p50 = (samples: number[]) => quantile(samples, 0.5);
      const p95 = (samples: number[]) => quantile(samples, 0.95);
      rows.push(
        ratioRow(
          `${label} p50 ms: ${routeLabel(route)} (${returned} items) vs the same requests raw (${floors.checks})`,
          p50(checked.subject),
          p50(checked.floor),
          {
            max: 1.3,
          },
        ),
        ratioRow(`${label} p95 ms: ${routeLabel(route)} vs the same requests raw`, p95(checked.subject), p95(checked.floor), { max: 1.3 }),
        shownRatioRow(`${label} p50 ms: vs its own items' Query alone`, p50(alone.subject), p50(alone.floor)),
        shownRatioRow(`${label} p95 ms: vs its own items' Query alone`, p95(alone.subject), p95(alone.floor)),
      );
    };
    const readExchangesRows = async (label: string, patientId: string, callers?: Callers) => {
      if (!exchangesRoute) return;
      await latencyRows(
        label,
        exchangesRoute,
        () => callRoute(exchangesRoute, patientId, callers),
        (returned) => ({
          alone: () => rawPatientExchanges(raw, patientId, returned),
          withChecks: () => rawPatientExchangesWithChecks(raw, checkIdsOf(exchangesRoute, patientId, callers), returned),
          checks: 'session, patient with the Query, audit record',
        }),
      );
      // 300 more calls under the profiler: the timed ones above stay unprofiled.
      if (flag('profile')) {
        await profiled(label, async () => {
          for (let i = 0; i < 300; i += 1) await callRoute(exchangesRoute, patientId, callers);
        });
      }
    };
    if (exchangesRoute) {
      await readExchangesRows('API overhead', p0.patientId);
    } else {
      const proxy = routeById('getGlobalSettings');
      const result = await pairedLatency(
        plan.latencySamples,
        () => callRoute(proxy),
        () => rawGlobalSettings(raw),
      );
      const label = `proxy ${routeLabel(proxy)} vs raw GetItem`;
      rows.push(ratioRow(`API overhead p50 ms (${label})`, quantile(result.subject, 0.5), quantile(result.floor, 0.5), { max: 1.3 }));
      rows.push(ratioRow(`API overhead p95 ms (${label})`, quantile(result.subject, 0.95), quantile(result.floor, 0.95), { max: 1.3 }));
      notes.push(
        `API overhead is measured on ${routeLabel(proxy)} until GET …/patients/{patientId}/getExchanges is in the route table (shared/api/routes/) (then it is used by itself, or name it with --exchanges-route <routeId>).`,
      );
    }
    log('API overhead measured');

    // --- Tenant isolation, before: clinic A's patient list with no one else in the table (but A).
    const clinicList = async () => {
      if (clinicListRoute) return callRoute(clinicListRoute);
      return listClinicPatientsViaRepository(clinicA.clinicId);
    };
    // A long warm-up: the first list queries of a new process and table are slower whatever the table holds.
    const listBefore = await pairedLatency(3 * plan.latencySamples, clinicList, () => rawClinicPatients(raw, clinicA.clinicId), LIST_WARM_UP);
    log('clinic list measured alone');

    // --- Ingest over many devices, in other clinics (these exchanges also count as the other tenants' data).
    const ingestClinics = await createProviderWithClinics('Bench Ingest Renal', 4);
    const ingestPatients: BenchPatient[] = [];
    await inParallel(Array.from({ length: plan.ingestDevices }), 4, async (_, i) => {
      ingestPatients.push(await createBenchPatient(ingestClinics[i % ingestClinics.length]!, doctor.userId, true));
    });
    const soloPatient = await createBenchPatient(ingestClinics[0]!, doctor.userId, true);
    devices = await connectDevices(
      stack.mqttUrl,
      dataDir,
      [...ingestPatients, soloPatient].map((p) => p.serialNumber!),
    );
    const ingestClock = exchangeClock(Date.now() - 60 * DAY_MS);
    // A first exchange per device opens its visit and warms every path.
    await inParallel([...ingestPatients, soloPatient], IN_FLIGHT, async (patient) => {
      await publishExchange(
        devices!.clients.get(patient.serialNumber!)!,
        patient.serialNumber!,
        exchangeReport(patient.serialNumber!, ingestClock(patient.serialNumber!)),
      );
    });
    const connected = devices;
    const many = await profiled('ingest over many devices', () =>
      measureIngest(connected, ingestPatients, plan.ingestMany, ingestClock, counter, recorder, raw),
    );
    rows.push(...ingestRows(`${IN_FLIGHT} in flight over ${ingestPatients.length} devices`, many));
    notes.push(`Ingest over ${ingestPatients.length} devices, requests per exchange: ${many.breakdown}.`);
    // The same with nothing kept between a device's exchanges, as when they come hours apart (the morning's
    // exchanges of every device): each one reads the route, the patient and the history first.
    const keptFor = ingestState.patients.ttlMs;
    ingestState.patients.ttlMs = 0;
    ingestState.patients.clear();
    const manyRead = await measureIngest(connected, ingestPatients, plan.ingestMany, ingestClock, counter, recorder, raw).finally(() => {
      ingestState.patients.ttlMs = keptFor;
    });
    rows.push(...ingestRows(`${IN_FLIGHT} in flight over ${ingestPatients.length} devices, each exchange read (nothing kept)`, manyRead));
    notes.push(`Ingest over ${ingestPatients.length} devices with nothing kept, requests per exchange: ${manyRead.breakdown}.`);
    const one = await measureIngest(devices, [soloPatient], plan.ingestOne, ingestClock, counter, recorder, raw);
    rows.push(...ingestRows(`${IN_FLIGHT} in flight on one patient`, one), ...ingestTimeRows('on one patient', one));
    notes.push(`Ingest on one patient, requests per exchange: ${one.breakdown}.`);
    for (const [label, result] of [
      ['many devices', many],
      ['many devices, nothing kept', manyRead],
      ['one patient', one],
    ] as const) {
      if (result.failures || result.reconnects)
        notes.push(
          `Ingest ${label}: ${result.reconnects} reconnects after the broker dropped the device, ${result.failures} publishes without PUBACK in ${PUBLISH_TIMEOUT_MS / 1000} s${result.firstFailure ? ` (first: ${result.firstFailure})` : ''}.`,
        );
    }
    log(`ingest measured (${ms(many.perSecond)}/s over many devices, ${ms(one.perSecond)}/s on one patient)`);

    // --- The escalation check over the ingest clinics' patients, each with a High alert unresolved.
    const escalations = await measureEscalations(ingestClinics, ingestPatients, counter);
    rows.push(...escalations.rows);
    notes.push(escalations.note);
    log('escalation check measured');

    // --- A patient with two years of exchanges keeps ingesting. The bulk of the history is written
    // raw (adapters.ts); its last weeks, which ingest's look-back reads, go through the ingest handler.
    const [historyClinic] = (await createProviderWithClinics('Bench History Dialysis', 1)) as [BenchClinic];
    const historyDoctor = await createStaff(historyClinic, 'Doctor', 'history-doctor@bench.example');
    const historyDirector = await createStaff(historyClinic, 'ClinicDirector', 'history-director@bench.example');
    const callersOfHistory: Callers = {
      clinic: historyClinic,
      Doctor: { userId: historyDoctor.userId, token: await api.signIn(historyDoctor.email, BENCH_PASSWORD) },
      ClinicDirector: { userId: historyDirector.userId, token: await api.signIn(historyDirector.email, BENCH_PASSWORD) },
    };
    const bigPatient = await createBenchPatient(historyClinic, historyDoctor.userId, true);
    const serial = bigPatient.serialNumber!;
    const historyClock = exchangeClock(Date.now() - plan.historyDays * DAY_MS);
    const historyTarget = plan.historyDays * EXCHANGE_HOURS.length;
    const throughIngest = flag('history-through-ingest') ? historyTarget : Math.min(historyTarget, HISTORY_INGESTED_DAYS * EXCHANGE_HOURS.length);
    const bulk = Array.from({ length: historyTarget - throughIngest }, () => exchangeReport(serial, historyClock(serial)));
    await rawSeedExchangeHistory(
      raw,
      {
        patientId: bigPatient.patientId,
        deviceId: bigPatient.deviceId!,
        serialNumber: serial,
        clinicId: bigPatient.clinicId,
        serviceProviderId: bigPatient.serviceProviderId,
      },
      bulk,
    );
    let historyStored = bulk.length;
    let historyError: string | undefined;
    const historyStarted = performance.now();
    for (let i = 0; i < throughIngest; i += 1) {
      try {
        await ingestDirectly(serial, exchangeReport(serial, historyClock(serial)));
        historyStored += 1;
      } catch (error) {
        historyError = `${(error as Error).name}: ${(error as Error).message}`;
        break;
      }
      if ((i + 1) % 500 === 0) log(`history: ${i + 1} of ${throughIngest} exchanges through ingest`);
    }
    const historySeconds = (performance.now() - historyStarted) / 1000;
    notes.push(
      `Two-year patient: ${historyStored} of ${historyTarget} exchanges (${plan.historyDays} days × 4): ${bulk.length} written raw, ` +
        `${historyStored - bulk.length} through the ingest handler one at a time in ${historySeconds.toFixed(0)} s` +
        (historyError ? `; stopped at exchange ${historyStored + 1}: ${historyError}` : '') +
        ' (--history-through-ingest sends all of them through ingest).',
    );
    log(`history: ${historyStored} exchanges${historyError ? ` (stopped: ${historyError})` : ''}`);
    const historyDevices = await connectDevices(stack.mqttUrl, dataDir, [serial]);
    let big: IngestResult;
    try {
      // New exchanges come after the history; the clock goes on from where the history stopped.
      big = await measureIngest(historyDevices, [bigPatient], plan.bigIngest, historyClock, counter, recorder, raw);
    } finally {
      await historyDevices.close();
    }
    const bigLabel = `on the ${historyStored}-exchange patient, ${IN_FLIGHT} in flight`;
    rows.push(...ingestRows(bigLabel, big));
    notes.push(`Ingest ${bigLabel}, requests per exchange: ${big.breakdown}.`);
    if (big.failures || big.reconnects)
      notes.push(
        `Ingest ${bigLabel}: ${big.reconnects} reconnects after the broker dropped the device, ${big.failures} publishes without PUBACK${big.firstFailure ? ` (first: ${big.firstFailure})` : ''}.`,
      );

    const PAGE = 50;
    const floorOnly = async (read: () => Promise<unknown>) => quantile(await latencies(plan.latencySamples, read), 0.5);
    if (exchangesRoute) {
      await readExchangesRows(`Two-year patient exchanges page`, bigPatient.patientId, callersOfHistory);
      await compressionRows(exchangesRoute, bigPatient.patientId, callersOfHistory);
    } else {
      const floor = await floorOnly(() => rawPatientExchanges(raw, bigPatient.patientId, PAGE));
      rows.push(
        notYetRow(
          `Two-year patient exchanges page p50 ms (floor: raw Query of ${PAGE}) — n/a until GET …/patients/{patientId}/getExchanges exists`,
          '≤ 1.3×',
          floor,
        ),
      );
    }
    if (visitsRoute) {
      await latencyRows(
        'Two-year patient visits',
        visitsRoute,
        () => callRoute(visitsRoute, bigPatient.patientId, callersOfHistory),
        (returned) => ({
          alone: () => rawPatientVisits(raw, bigPatient.patientId, returned),
          withChecks: () => rawPatientVisitsWithChecks(raw, checkIdsOf(visitsRoute, bigPatient.patientId, callersOfHistory), returned),
          checks: "session, patient with the visits, prescription with the open visit's alerts and readings, audit record",
        }),
      );
    } else {
      const floor = await floorOnly(() => rawPatientVisits(raw, bigPatient.patientId, PAGE));
      rows.push(
        notYetRow(`Two-year patient visits p50 ms (floor: raw Query of visits) — n/a until GET …/patients/{patientId}/getVisits exists`, '≤ 1.3×', floor),
      );
    }
    if (highlightsRoute) {
      const result = await pairedLatency(
        plan.latencySamples,
        () => callRoute(highlightsRoute, bigPatient.patientId, callersOfHistory),
        () => rawPatientExchanges(raw, bigPatient.patientId, PAGE),
      );
      rows.push(
        ratioRow(
          `Two-year patient highlights p50 ms: ${routeLabel(highlightsRoute)} vs raw Query of ${PAGE} exchanges`,
          quantile(result.subject, 0.5),
          quantile(result.floor, 0.5),
          { max: 1.3 },
        ),
      );
    } else {
      notes.push(
        'Visit highlights have no route of their own (spec section 7): getVisits answers them with each visit (the open visit counts its alerts by kind), so the visits rows measure them.',
      );
    }
    log('two-year patient measured');

    // --- Tenant isolation, after: other clinics now hold OTHERS_FACTOR× clinic A's patients and exchanges.
    const otherClinics = [...ingestClinics, historyClinic];
    const patientsNeeded = OTHERS_FACTOR * clinicAPatients.length - (ingestPatients.length + 2);
    await inParallel(Array.from({ length: Math.max(0, patientsNeeded) }), IN_FLIGHT, async (_, i) => {
      await createBenchPatient(otherClinics[i % otherClinics.length]!, doctor.userId, false);
    });
    const otherExchanges = plan.ingestDevices + 1 + plan.ingestMany + plan.ingestOne + historyStored + plan.bigIngest;
    const exchangesNeeded = OTHERS_FACTOR * clinicAExchanges - otherExchanges;
    if (exchangesNeeded > 0) {
      await inParallel(Array.from({ length: exchangesNeeded }), IN_FLIGHT, async (_, i) => {
        const patient = ingestPatients[i % IN_FLIGHT]!; // one worker per device: no two at once on one patient
        await ingestDirectly(patient.serialNumber!, exchangeReport(patient.serialNumber!, ingestClock(patient.serialNumber!)));
      });
    }
    const othersPatients = Math.max(patientsNeeded, 0) + ingestPatients.length + 2;
    const othersExchanges = otherExchanges + Math.max(exchangesNeeded, 0);
    log(`other clinics: ${othersPatients} patients, ${othersExchanges} exchanges`);
    const listAfter = await pairedLatency(3 * plan.latencySamples, clinicList, () => rawClinicPatients(raw, clinicA.clinicId), LIST_WARM_UP);
    const listName = clinicListRoute ? routeLabel(clinicListRoute) : `${CLINIC_LIST_STAND_IN} (stand-in until the clinic patient list route exists)`;
    rows.push(
      ratioRow(
        `Tenant isolation p50 ms: clinic list, ${othersPatients} patients / ${othersExchanges} exchanges elsewhere vs none — ${listName}`,
        quantile(listAfter.subject, 0.5),
        quantile(listBefore.subject, 0.5),
        { max: 1.1 },
      ),
    );
    notes.push(
      `Tenant isolation: clinic A has ${clinicAPatients.length} patients and ${clinicAExchanges} exchanges; the raw gsi1 Query of the same list went ` +
        `${ms(quantile(listBefore.floor, 0.5))} → ${ms(quantile(listAfter.floor, 0.5))} ms p50 meanwhile (the machine's drift); ` +
        `divided by that drift, the list's ratio is ${ms(quantile(listAfter.subject, 0.5) / quantile(listAfter.floor, 0.5) / (quantile(listBefore.subject, 0.5) / quantile(listBefore.floor, 0.5)))}×.`,
    );
    await devices.close();
    devices = undefined;
    for (const [error, n] of ingestErrors) notes.push(`The broker dropped a device ${n}× with: ${error}`);

    // --- What ships.
    const web = await measureWeb(path.join(dataDir, 'web-production'));
    rows.push(limitRow(`Web /login JS, gzipped KB (${web.loginJsFiles} files: main.js and its static imports)`, web.loginJsGzip / 1024, 160, ' KB'));
    rows.push(limitRow('Web /login CSS, gzipped KB (main.css)', web.loginCssGzip / 1024, 60, ' KB'));
    rows.push({
      name: `Web production build ships source maps (${web.sourceMapFiles} .map files, ${(web.sourceMapBytes / 1024 / 1024).toFixed(1)} MB; ${web.jsReferencingMaps} JS files reference one)`,
      value: web.sourceMapFiles,
      floor: null,
      ratio: null,
      goal: 'none',
      pass: web.sourceMapFiles === 0 && web.jsReferencingMaps === 0,
    });
    // Each bundle's size and load time, and the parts alone (bench/sizes.ts; docs/lambda-bundles.md).
    rows.push(...lambdaRows(await measureLambdas({ loadSamples: quick ? 3 : 7, parts: true })));
    rows.push(...(await browserPart(stack)));
  } finally {
    await stopAll();
  }

  await printReport(rows, notes, started);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench] failed:', error);
    process.exit(1);
  },
);

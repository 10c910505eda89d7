import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { API_BASE } from '@shared/api/paths';
import { BACKEND_VERSION, FRONTEND_VERSION } from '@shared/versions';
import { issueLocalToken } from '@functions/lib/human-verification';
import { buildWeb } from '@web/build';
import { createApiGateway, createTokenVerifier } from './api-gateway';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { deadLetterWatch } from './dead-letter-watch';
import { inDeviceOrder } from './device-order';
import { giveScreensFirst, inBackground, type BackgroundCaps } from './dynamodb-lanes';
import { dynamo as portalDocumentClient } from '@functions/lib/aws-clients';
import { dataModelRepository } from '@functions/data/data-model-repository';
import { liveTopicFilterForToken } from '@functions/identity/live-access';
import type { AwsSdkVariables, EnvironmentVariables } from '@functions/lib/environment';
import { startBroker, type LocalBroker } from './broker';
import { startIotDataPlane } from './iot-data-plane';
import { objectStoreTwin } from './object-store';
import { republishCurrentPrescriptions } from './retained';
import { cognitoTriggers, ensureUserPool, localCognitoClient, startCognitoLocal, type UserPoolIds } from './cognito';
import { startCognitoFront } from './cognito-front';
import { startLambdaTwin } from './lambda-twin';
import { ensureTable, localDynamoClient, startDynamoDbLocal } from './dynamodb';
import { deviceCredentials, deviceCredentialsFile } from './device-credentials';
import { freePort, supervise, type ManagedProcess, type SupervisedProcess } from './processes';
import { credentialsFromEnvironment } from './sigv4';
import { decodedOrUndefined, isLocalHost, localOrigins, parsedUrl } from './url-path';

export { BACKEND_VERSION, FRONTEND_VERSION };
export const TABLE_NAME = 'pd-portal';
/** Where the object-store twin (images) answers on the portal's origin. */
const OBJECT_STORE_PREFIX = '/local/s3';
/** The background lane's caps (dynamodb-lanes.ts); what they change under load: docs/load.md, "The screens first". */
const BACKGROUND_CAPS: BackgroundCaps = { idle: 8, busy: 2 };

export interface LocalStackOptions {
  /** Where everything persists: databases, identities, logs, the built web. */
  dataDir: string;
  /** The portal's HTTP port; 0 picks a free one. */
  port: number;
  /** The MQTT TCP port; 0 picks a free one. */
  mqttPort: number;
  /** The idle sign-out time the web is given (the spec's 15 minutes unless a test says otherwise). */
  idleTimeoutMs?: number;
  /** How often the skipped-exchange check runs (EventBridge Scheduler's rate on AWS); 5 minutes by default. */
  skippedCheckIntervalMs?: number;
  /** How often the escalation check runs (its schedule's rate on AWS); a minute by default. */
  escalationCheckIntervalMs?: number;
  /** How often the global settings fan-out runs (EventBridge Scheduler's rate on AWS); 1 minute by default. */
  settingsFanoutIntervalMs?: number;
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  mqttUrl: string;
  webSocketMqttUrl: string;
  dataDir: string;
  userPool: UserPoolIds;
  /** True when this start created the table, i.e. the data folder was new. */
  fresh: boolean;
  /** The MQTT broker running now. */
  readonly broker: LocalBroker;
  /**
   * Closes the broker (every device and browser loses its connection, retained messages are gone)
   * and starts a new one on the same port, as a broker's crash and restart would; the current
   * prescriptions are retained again, as at start.
   */
  restartBroker(): Promise<void>;
  /** The running DynamoDB Local and cognito-local children (named `dynamodb` and `cognito`). */
  processes(): ManagedProcess[];
  /** Runs the scheduled skipped-exchange check now (it also runs on its timer). */
  checkSkippedExchanges(): Promise<void>;
  /** Runs the scheduled escalation check now (it also runs on its timer). */
  checkEscalations(): Promise<void>;
  /** Runs the scheduled global settings fan-out now (it also runs on its timer). */
  publishGlobalSettings(): Promise<void>;
  stop(): Promise<void>;
}

const PART_NAMES: Record<string, string> = { dynamodb: 'DynamoDB Local', cognito: 'cognito-local' };

interface SavedState {
  userPool?: UserPoolIds;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** The response headers CloudFront's security policy adds on AWS. */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
};

/**
 * Starts the whole portal on this machine: DynamoDB Local, cognito-local, the MQTT broker, and one
 * HTTP origin serving the web, `/config.json` and the API under /api/v1/webapp. The handlers read
 * the same environment variables as on AWS; only the endpoints point here.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  const statePath = path.join(dataDir, 'local-stack.json');
  await mkdir(dataDir, { recursive: true });
  const saved: SavedState = existsSync(statePath) ? (JSON.parse(readFileSync(statePath, 'utf8')) as SavedState) : {};

  const [dynamoPort, cognitoPort, cognitoFrontPort] = await Promise.all([freePort(), freePort(), freePort()]);
  // Cognito's triggers run in this process, as the other Lambdas do; cognito-local and the front call them through the Lambda twin.
  const triggers = await startLambdaTwin(cognitoTriggers());
  const cognitoUrl = `http://127.0.0.1:${cognitoFrontPort}`;
  const startDynamo = () => startDynamoDbLocal({ port: dynamoPort, dir: path.join(dataDir, 'dynamodb'), logDir });
  const startCognito = () =>
    startCognitoLocal({ port: cognitoPort, dir: path.join(dataDir, 'cognito'), logDir, lambdaUrl: triggers.url, issuerUrl: cognitoUrl });
  let parts: SupervisedProcess[] = [];
  let cognitoFront: Awaited<ReturnType<typeof startCognitoFront>> | undefined;
  const stopParts = async () => {
    await Promise.all(parts.map((part) => part.stop()));
    await cognitoFront?.close();
    await triggers.close();
  };
  try {
    log('starting DynamoDB Local and cognito-local');
    const started = await Promise.allSettled([startDynamo(), startCognito()]);
    const [dynamoStart, cognitoStart] = started;
    if (dynamoStart.status === 'rejected' || cognitoStart.status === 'rejected') {
      const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      await Promise.all(running.map((part) => part.stop()));
      await triggers.close();
      throw dynamoStart.status === 'rejected' ? dynamoStart.reason : (cognitoStart as PromiseRejectedResult).reason;
    }
    // From here on a part that dies is started again; meanwhile the API answers 503 and the broker
    // acknowledges nothing, so devices keep their messages until it is back.
    const warn = (line: string) => console.warn(`[local] ${line}`);
    parts = [supervise(dynamoStart.value, startDynamo, { log: warn }), supervise(cognitoStart.value, startCognito, { log: warn })];
    cognitoFront = await startCognitoFront({ port: cognitoFrontPort, cognitoPort, lambdaUrl: triggers.url });
    const unavailable = () => {
      const down = parts.filter((part) => !part.isUp()).map((part) => PART_NAMES[part.name] ?? part.name);
      return down.length ? `${down.join(' and ')} restarting` : undefined;
    };

    const dynamo = localDynamoClient(dynamoPort);
    const fresh = await ensureTable(dynamo, TABLE_NAME);
    dynamo.destroy();
    const cognito = localCognitoClient(cognitoPort);
    const userPool = await ensureUserPool(cognito, saved.userPool);
    cognito.destroy();
    writeFileSync(statePath, JSON.stringify({ ...saved, userPool }, null, 2));

    const verifierSecret = randomBytes(32).toString('hex');
    Object.assign(process.env, {
      HUMAN_VERIFICATION: 'local',
      LOCAL_VERIFIER_SECRET: verifierSecret,
      MAIL_TRANSPORT: 'outbox',
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      SMS_TRANSPORT: 'outbox',
      SMS_OUTBOX_DIR: path.join(dataDir, 'sms-outbox'),
      DEVICE_REGISTRY: 'local',
      DEVICE_CREDENTIALS_FILE: deviceCredentialsFile(dataDir),
      PENDING_TOKEN_KEY_FILE: path.join(dataDir, 'pending-token.key'),
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamoPort}`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoUrl,
      TABLE_NAME,
      IMAGES_BUCKET: 'pd-portal-images',
      S3_FORCE_PATH_STYLE: 'true',
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPool.userPoolClientId,
      BACKEND_VERSION,
      POWERTOOLS_SERVICE_NAME: 'pd-portal-api',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_METRICS_DISABLED: 'true',
    } satisfies EnvironmentVariables & AwsSdkVariables);
    giveScreensFirst(portalDocumentClient(), BACKGROUND_CAPS);

    // A data folder from before the ElectroDB data model holds items this code cannot read (README).
    if (fresh) await dataModelRepository.markCurrent();
    else if (!(await dataModelRepository.isCurrent())) {
      throw new Error(
        `${dataDir} holds data of an older data model, which this portal cannot read: run \`npm run reset\`, then \`npm start\` (README, "Run it")`,
      );
    }

    const webDir = path.join(dataDir, 'web');
    log('building the web');
    await buildWeb({ outdir: webDir });

    const verifyToken = await createTokenVerifier({
      cognitoUrl,
      userPoolId: userPool.userPoolId,
      clientId: userPool.userPoolClientId,
    });
    const api = createApiGateway(verifyToken, { unavailable });
    const runtimeConfig = JSON.stringify({
      apiBase: API_BASE,
      frontendVersion: FRONTEND_VERSION,
      backendVersion: BACKEND_VERSION,
      idleTimeoutMs: options.idleTimeoutMs ?? 900_000,
      humanVerification: { kind: 'local' },
      live: { kind: 'local', path: '/mqtt' },
    });

    const json = (res: http.ServerResponse, body: string) => res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
    /** The origin's own paths besides the web; everything else is the built web (SPA fallback). */
    const localPaths: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
      'GET /config.json': (_req, res) => json(res, runtimeConfig),
      // The local human verifier: the browser asks for a token as it would ask reCAPTCHA.
      'POST /local/human-verification/token': (_req, res) => json(res, JSON.stringify({ token: issueLocalToken(verifierSecret) })),
    };

    // The twin checks links against the credentials the backend signs with (the environment above).
    const objects = objectStoreTwin(path.join(dataDir, 'objects'), OBJECT_STORE_PREFIX, credentialsFromEnvironment);

    let port = 0; // known once the server listens, before any request
    const server = http.createServer((req, res) => {
      const url = parsedUrl(req.url, `http://${req.headers.host ?? 'localhost'}`);
      if (!url) {
        res.writeHead(400, SECURITY_HEADERS).end();
        return;
      }
      if (!isLocalHost(req.headers.host, port)) {
        res
          .writeHead(421, { ...SECURITY_HEADERS, 'content-type': 'text/plain' })
          .end('Misdirected request: this server answers only to its own local address.\n');
        return;
      }
      const local = localPaths[`${req.method} ${url.pathname}`];
      const handled = url.pathname.startsWith(`${API_BASE}/`)
        ? api(req, res, url)
        : url.pathname.startsWith(`${OBJECT_STORE_PREFIX}/`)
          ? objects(req, res, url)
          : local
            ? Promise.resolve(local(req, res))
            : serveWeb(webDir, url.pathname, res);
      handled.catch((error: unknown) => {
        console.error('[local] request failed', error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, '127.0.0.1', () => resolve());
    });
    port = (server.address() as { port: number }).port;
    // Signed image links point at the portal's own origin, as CloudFront's would.
    process.env.AWS_ENDPOINT_URL_S3 = `http://localhost:${port}${OBJECT_STORE_PREFIX}`;

    const deadLetters = deadLetterWatch({ log });
    const brokerOptions = {
      mqttPort: options.mqttPort,
      httpServer: server,
      onDeviceMessage: deviceMessageIngest(deadLetters.letter),
      onDeadLetter: deadLetters.letter,
      credentials: deviceCredentials(deviceCredentialsFile(dataDir)),
      allowedOrigins: localOrigins(port),
      allowedHosts: localOrigins(port).map((origin) => new URL(origin).host),
      browserGrant: async (token) => liveTopicFilterForToken(await verifyToken(token)),
      unavailable,
    } satisfies Parameters<typeof startBroker>[0];
    let broker = await startBroker(brokerOptions);
    const iotDataPlane = await startIotDataPlane(() => broker.broker);
    process.env.AWS_ENDPOINT_URL_IOT_DATA_PLANE = iotDataPlane.url;
    if (!fresh) log(`${await republishCurrentPrescriptions()} prescriptions retained for their devices again`);
    const skippedCheck = startScheduledJob(
      'skipped-exchange check',
      import('@functions/devices/check-skipped-exchanges'),
      options.skippedCheckIntervalMs ?? 5 * 60_000,
      {
        log,
        unavailable,
        logSkipped: true,
        report: ({ patients, raised }) => `${patients} patients, ${raised} new alerts`,
      },
    );
    const settingsFanout = startScheduledJob(
      'global settings fan-out',
      import('@functions/devices/publish-global-settings'),
      options.settingsFanoutIntervalMs ?? 60_000,
      {
        log,
        unavailable,
        report: ({ finished, pending, published }) =>
          finished + pending > 0 ? `${published} devices sent, ${finished} jobs done, ${pending} left` : undefined,
      },
    );

    const url = `http://localhost:${port}`;
    // The notices' links open the portal where this server answers.
    process.env.PORTAL_URL = url;
    const escalationCheck = startScheduledJob('escalation check', import('@functions/devices/check-escalations'), options.escalationCheckIntervalMs ?? 60_000, {
      log,
      unavailable,
      report: ({ due, notices }) => (due > 0 ? `${due} alert steps due, ${notices} notices sent` : undefined),
    });
    return {
      url,
      mqttUrl: `mqtt://127.0.0.1:${broker.mqttPort}`,
      webSocketMqttUrl: `ws://localhost:${port}/mqtt`,
      dataDir,
      userPool,
      fresh,
      get broker() {
        return broker;
      },
      restartBroker: async () => {
        const { mqttPort } = broker;
        await broker.close();
        broker = await startBroker({ ...brokerOptions, mqttPort });
        log(`MQTT broker restarted: ${await republishCurrentPrescriptions()} prescriptions retained for their devices again`);
      },
      processes: () => parts.map((part) => part.current()),
      checkSkippedExchanges: skippedCheck.runNow,
      checkEscalations: escalationCheck.runNow,
      publishGlobalSettings: settingsFanout.runNow,
      stop: async () => {
        await skippedCheck.stop();
        await escalationCheck.stop();
        await settingsFanout.stop();
        await iotDataPlane.close();
        await broker.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await stopParts();
      },
    };
  } catch (error) {
    await stopParts();
    throw error;
  }
}

/**
 * The ingest Lambda's handler, invoked in-process with the topic rule's event, each device's
 * messages in order (device-order.ts); each message it keeps as a dead letter is told to `onDeadLetter`.
 */
function deviceMessageIngest(onDeadLetter: () => void): (event: DeviceMessageEvent) => Promise<void> {
  const ingest = import('@functions/devices/ingest');
  return inDeviceOrder((event) =>
    inBackground(async () => {
      if ((await (await ingest).handler(event)) === 'dead-lettered') onDeadLetter();
    }),
  );
}

/**
 * A scheduled Lambda on a timer of the local server: one run at a time (its reserved concurrency
 * of 1 on AWS), none while a part is down. `report` turns a run's answer into a log line (or none).
 */
function startScheduledJob<R>(
  name: string,
  job: Promise<{ handler: () => Promise<R> }>,
  intervalMs: number,
  options: { log: (line: string) => void; unavailable: () => string | undefined; report: (result: R) => string | undefined; logSkipped?: boolean },
) {
  let running: Promise<void> | undefined;
  const runNow = () => {
    const down = options.unavailable();
    if (down) {
      if (options.logSkipped) options.log(`${name} not run: ${down}`);
      return Promise.resolve();
    }
    running ??= job
      .then(({ handler }) => inBackground(handler))
      .then(
        (result) => {
          const line = options.report(result);
          if (line) options.log(`${name}: ${line}`);
        },
        (error: unknown) => console.error(`[local] ${name} failed`, error),
      )
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** The built web's files a browser must ask for again each time (web-stack.ts does the same on AWS). */
const REVALIDATED = new Set(['index.html', 'sw.js']);

/** Static files of the built web; any other path gets index.html, as CloudFront's SPA fallback does. */
async function serveWeb(webDir: string, pathname: string, res: http.ServerResponse): Promise<void> {
  const decoded = decodedOrUndefined(pathname);
  if (decoded === undefined) {
    res.writeHead(400, SECURITY_HEADERS).end();
    return;
  }
  const requested = path.normalize(path.join(webDir, decoded));
  const inside = requested.startsWith(webDir + path.sep);
  const isFile =
    inside &&
    (await stat(requested).then(
      (s) => s.isFile(),
      () => false,
    ));
  const file = isFile ? requested : path.join(webDir, 'index.html');
  if (!isFile && path.extname(pathname)) {
    res.writeHead(404, SECURITY_HEADERS).end();
    return;
  }
  const body = await readFile(file);
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    // The shell and the service worker are checked on every load, so a new build is seen at once.
    'cache-control': REVALIDATED.has(path.relative(webDir, file)) ? 'no-cache' : 'public, max-age=300',
  });
  res.end(body);
}

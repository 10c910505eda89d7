import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { createHash } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import net from 'node:net';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { DeviceMessageEvent } from '@functions/devices/ingest';
import { keepDeadLetter } from '@functions/devices/keep-dead-letter';
import { filterWithin } from '@shared/live';
import type { DeviceCredentials } from './device-credentials';
import { parsedUrl } from './url-path';

const UP_TOPIC = /^pd\/devices\/([^/]+)\/up\/[^/]+$/;
const DOWN_TOPIC = /^pd\/devices\/([^/]+)\/down\/(#|\+|[^/]+)$/;
/** IoT Core's payload limit for a publish; a larger one is dropped and the connection closed. */
export const MAX_PAYLOAD_BYTES = 128 * 1024;
/** CONNACK return code of MQTT 3.1.1. (No 'server unavailable' during an outage: IoT Core accepts the device, and many clients stop reconnecting after a refused CONNECT.) */
const BAD_USERNAME_OR_PASSWORD = 4;

export interface LocalBroker {
  broker: Aedes;
  mqttPort: number;
  /** Closes every browser's connection (as a network drop would); returns how many there were. */
  dropBrowsers(): number;
  close(): Promise<void>;
}

/**
 * A browser's live screens connection (shared/live.ts): the session's access token, sent in the
 * WebSocket URL (`/mqtt?token=`) as IoT Core takes a browser's signed credentials in the URL,
 * gives the one topic filter it may subscribe to, or undefined when the token is not a live session.
 */
export type BrowserGrant = (token: string) => Promise<string | undefined>;

export interface BrokerOptions {
  mqttPort: number;
  httpServer: HttpServer;
  onDeviceMessage: (event: DeviceMessageEvent) => Promise<unknown>;
  /** Told of each dead letter the broker itself keeps (an oversize message), as the ingest's are counted. */
  onDeadLetter?: () => void;
  /** The devices' secrets (the twin of their certificates): a device connects with username = serial number, password = secret. */
  credentials: DeviceCredentials;
  /** The portal's own origins; a browser's WebSocket from any other page is refused. */
  allowedOrigins: string[];
  /** The Host names the server answers to (DNS rebinding guard); an upgrade naming another gets 421. */
  allowedHosts?: string[];
  /** Grants browsers their tenant's notices; without it no browser may connect. */
  browserGrant?: BrowserGrant;
  /**
   * How often each connected browser's session is checked again (the grant run anew with its
   * token); a session ended meanwhile (sign-out, disable, role change) loses its connection.
   */
  browserRecheckMs?: number;
  /** Why messages cannot be taken now (a part of the stack is down), or undefined. */
  unavailable?: () => string | undefined;
  log?: (line: string) => void;
}

/**
 * The local twin of IoT Core: an aedes broker on TCP and on WebSocket (path /mqtt of the portal's
 * origin). A device connects with its serial number as client id and username and its secret as
 * password. Like the IoT policy, a device may publish only on its own `up` topics and subscribe only
 * to its own `down` topics. Each `up` message is handed to `onDeviceMessage` before the broker
 * acknowledges it, so a QoS 1 message the device saw acknowledged has been stored; a failure
 * closes the connection unacknowledged, and the device sends it again. A payload over IoT Core's
 * 128 KB is kept as a dead letter and the connection closed, as IoT Core drops it.
 *
 * A browser (the live screens) connects over the WebSocket with its session's token in the URL;
 * `browserGrant` turns it into the one topic filter it may subscribe to (its tenant's notices), as
 * the AWS grant does (docs/live-screens.md). A browser may not publish, nor subscribe to anything else.
 */
export async function startBroker(options: BrokerOptions): Promise<LocalBroker> {
  const log = options.log ?? ((line: string) => console.warn(`[broker] ${line}`));
  const unavailable = options.unavailable ?? (() => undefined);
  const oversize = oversizeMessages(log, options.onDeadLetter ?? (() => undefined));

  /** The topic filter and token of each connected browser; a client not in here is a device. */
  const browsers = new Map<Client, { filter: string; token: string }>();

  const broker = await Aedes.createBroker({
    // IoT Core takes client ids up to 128 characters, over MQTT 3.1 too (a browser's Amplify client speaks 3.1 with a 36-character id).
    maxClientsIdLength: 128,
    authenticate: (client, username, password, callback) => {
      const refuse = (returnCode: number, message: string) => {
        const error: AuthenticateError = Object.assign(new Error(message), { returnCode });
        callback(error, false);
      };
      const browserToken = client?.req && parsedUrl(client.req.url, 'http://local')?.searchParams.get('token');
      if (client && browserToken) {
        const grant = options.browserGrant ?? (() => Promise.resolve(undefined));
        grant(browserToken).then(
          (filter) => {
            if (!filter) {
              log(`refused browser ${client.id}: not a live session`);
              return refuse(BAD_USERNAME_OR_PASSWORD, 'not a live session');
            }
            browsers.set(client, { filter, token: browserToken });
            callback(null, true);
          },
          (error: Error) => {
            log(`refused browser ${client.id}: ${error.message}`);
            refuse(BAD_USERNAME_OR_PASSWORD, 'not a live session');
          },
        );
        return;
      }
      if (!client || username !== client.id || !options.credentials.verify(client.id, password)) {
        log(`refused ${client?.id ?? 'a client'}: bad serial number or secret`);
        return refuse(BAD_USERNAME_OR_PASSWORD, 'bad user name or password');
      }
      callback(null, true);
    },
    authorizePublish: (client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void) => {
      if (!client) return callback(null); // the backend's own publishes
      if (browsers.has(client)) return callback(new Error(`a browser may not publish (${packet.topic})`));
      const serial = UP_TOPIC.exec(packet.topic)?.[1];
      if (!serial || serial !== client.id) return callback(new Error(`${client.id} may not publish on ${packet.topic}`));
      const event: DeviceMessageEvent = {
        payload: Buffer.from(packet.payload).toString('base64'),
        topic: packet.topic,
        clientId: client.id,
        receivedAt: Date.now(),
      };
      const down = unavailable();
      if (down) return callback(new Error(down)); // not acknowledged: the device sends it again once it reconnects
      if (packet.payload.length > MAX_PAYLOAD_BYTES) {
        return void oversize.refuse(event, packet.payload.length).finally(() => callback(new Error('payload over 128 KB')));
      }
      options.onDeviceMessage(event).then(
        () => callback(null),
        (error: Error) => {
          log(`${client.id} ${packet.topic}: not taken (${error.name}: ${error.message}); not acknowledged, the device sends it again`);
          callback(error);
        },
      );
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const granted = client && browsers.get(client)?.filter;
      if (granted) {
        if (filterWithin(granted, subscription.topic)) return callback(null, subscription);
        // A refused filter is answered with the SUBACK failure code (128), as IoT Core answers it; the connection stays.
        log(`refused browser ${client.id}: may not subscribe to ${subscription.topic}`);
        return callback(null, null);
      }
      const serial = DOWN_TOPIC.exec(subscription.topic)?.[1];
      if (!client || serial !== client.id) return callback(new Error(`may not subscribe to ${subscription.topic}`), null);
      callback(null, subscription);
    },
  });

  broker.on('clientDisconnect', (client) => browsers.delete(client));

  // The token is checked at connect; a session can end after it. Each browser's grant is asked
  // again on a timer, so an ended session (sign-out, disable, role change, by any process) loses
  // its live connection within one period, as the API refuses its next call.
  const grant = options.browserGrant;
  const recheck = async () => {
    for (const [client, { filter, token }] of [...browsers]) {
      const still = await grant!(token).catch(() => undefined);
      if (still === filter || !browsers.has(client)) continue;
      log(`dropped browser ${client.id}: its session ended`);
      browsers.delete(client);
      client.conn.destroy();
    }
  };
  let rechecking = false;
  const recheckTimer =
    grant &&
    setInterval(() => {
      if (rechecking) return;
      rechecking = true;
      void recheck().finally(() => (rechecking = false));
    }, options.browserRecheckMs ?? 5000);
  recheckTimer?.unref();
  // A refused connection never gets to clientDisconnect.
  broker.on('clientError', (client) => browsers.delete(client));

  const tcp = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.mqttPort, '127.0.0.1', () => resolve());
  });
  const mqttPort = (tcp.address() as net.AddressInfo).port;

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: import('node:http').IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => {
    if (parsedUrl(request.url, 'http://local')?.pathname !== '/mqtt') return socket.destroy();
    // The Host must be the portal's own (DNS rebinding guard), as for every other request of its server.
    if (options.allowedHosts && !options.allowedHosts.includes(request.headers.host?.toLowerCase() ?? '')) {
      socket.end('HTTP/1.1 421 Misdirected Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // A browser always sends Origin: only the portal's own pages may open the broker's WebSocket.
    // (A device or script sends none; it still needs its secret.)
    const origin = request.headers.origin;
    if (origin !== undefined && !options.allowedOrigins.includes(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (websocket) => broker.handle(createWebSocketStream(websocket), request));
  };
  options.httpServer.on('upgrade', onUpgrade);

  return {
    broker,
    mqttPort,
    dropBrowsers: () => {
      const connected = [...browsers.keys()];
      for (const client of connected) client.conn.destroy();
      return connected.length;
    },
    close: async () => {
      if (recheckTimer) clearInterval(recheckTimer);
      options.httpServer.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      wss.close();
      // The TCP server's close waits for its connections, which only the broker's close ends.
      const tcpClosed = new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await tcpClosed;
    },
  };
}

/**
 * A publish over IoT Core's limit is kept as a dead letter (the same record the ingest keeps for a
 * message it cannot take, with the payload cut at the limit so the item fits DynamoDB's 400 KB)
 * and logged; the broker then closes the connection without acknowledging, as IoT Core does. A
 * device that sends the same message again is refused again, but it is kept and logged only once.
 */
function oversizeMessages(log: (line: string) => void, onDeadLetter: () => void) {
  const kept = new Set<string>();
  return {
    async refuse(event: DeviceMessageEvent, size: number): Promise<void> {
      const fingerprint = createHash('sha256').update(event.clientId).update(event.topic).update(event.payload).digest('hex');
      if (kept.has(fingerprint)) return;
      const reason = `Payload of ${size} bytes is over IoT Core's ${MAX_PAYLOAD_BYTES / 1024} KB limit: dropped and the connection closed, as IoT Core does (Payload keeps its first ${MAX_PAYLOAD_BYTES} bytes)`;
      log(`${event.clientId} ${event.topic}: ${reason}`);
      try {
        await keepDeadLetter({
          Topic: event.topic,
          ClientId: event.clientId,
          Payload: Buffer.from(event.payload, 'base64').subarray(0, MAX_PAYLOAD_BYTES).toString('base64'),
          Reason: reason,
          ReceivedAt: new Date(event.receivedAt).toISOString(),
        });
        kept.add(fingerprint);
        onDeadLetter();
      } catch (error) {
        log(`${event.clientId} ${event.topic}: the oversize message could not be kept as a dead letter (${(error as Error).message})`);
      }
    },
  };
}

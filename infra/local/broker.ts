import { Aedes, type Client, type PublishPacket } from 'aedes';
import type { Server as HttpServer } from 'node:http';
import net from 'node:net';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { DeviceMessageEvent } from '../../functions/devices/ingest';

const UP_TOPIC = /^pd\/devices\/([^/]+)\/up\/[^/]+$/;
const DOWN_TOPIC = /^pd\/devices\/([^/]+)\/down\/(#|\+|[^/]+)$/;

export interface LocalBroker {
  broker: Aedes;
  mqttPort: number;
  close(): Promise<void>;
}

/**
 * The local twin of IoT Core: an aedes broker on TCP and on WebSocket (path /mqtt of the portal's
 * origin). Like the IoT policy, a device may publish only on its own `up` topics and subscribe only
 * to its own `down` topics, its client id being its serial number. Each `up` message is handed to
 * `onDeviceMessage` before the broker acknowledges it, so a QoS 1 message the device saw
 * acknowledged has been stored; a failure disconnects the device, which then sends it again.
 */
export async function startBroker(options: {
  mqttPort: number;
  httpServer: HttpServer;
  onDeviceMessage: (event: DeviceMessageEvent) => Promise<void>;
}): Promise<LocalBroker> {
  const broker = await Aedes.createBroker({
    authorizePublish: (client: Client | null, packet: PublishPacket, callback: (error?: Error | null) => void) => {
      if (!client) return callback(null); // the backend's own publishes
      const serial = UP_TOPIC.exec(packet.topic)?.[1];
      if (!serial || serial !== client.id) return callback(new Error(`${client.id} may not publish on ${packet.topic}`));
      options
        .onDeviceMessage({
          payload: Buffer.from(packet.payload).toString('base64'),
          topic: packet.topic,
          clientId: client.id,
          receivedAt: Date.now(),
        })
        .then(
          () => callback(null),
          (error: Error) => callback(error),
        );
    },
    authorizeSubscribe: (client, subscription, callback) => {
      const serial = DOWN_TOPIC.exec(subscription.topic)?.[1];
      if (!client || serial !== client.id) return callback(new Error(`may not subscribe to ${subscription.topic}`), null);
      callback(null, subscription);
    },
  });

  const tcp = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(options.mqttPort, '127.0.0.1', () => resolve());
  });
  const mqttPort = (tcp.address() as net.AddressInfo).port;

  const wss = new WebSocketServer({ noServer: true });
  options.httpServer.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://local').pathname !== '/mqtt') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (websocket) => broker.handle(createWebSocketStream(websocket), request));
  });

  return {
    broker,
    mqttPort,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

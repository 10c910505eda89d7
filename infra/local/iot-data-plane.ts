import type { Aedes } from 'aedes';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodedOrUndefined, parsedUrl } from './url-path';

/**
 * The local twin of IoT Core's data plane Publish API (`POST /topics/{topic}?qos=&retain=`), so
 * the backend's @aws-sdk/client-iot-data-plane calls reach the local broker unchanged: the local
 * stack points AWS_ENDPOINT_URL_IOT_DATA_PLANE here.
 */
export async function startIotDataPlane(broker: Aedes): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = parsedUrl(req.url, 'http://local');
    const match = url && /^\/topics\/(.+)$/.exec(url.pathname);
    const topic = match && decodedOrUndefined(match[1]!);
    if (match && topic === undefined) {
      // IoT Core's answer to a request it cannot read: InvalidRequestException, 400.
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Invalid topic name' }));
      return;
    }
    if (req.method !== 'POST' || !url || !topic) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not Found' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const qos = url.searchParams.get('qos') === '1' ? 1 : 0;
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.concat(chunks), qos, retain: url.searchParams.get('retain') === 'true', dup: false },
        (error) => {
          if (error) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: error.message }));
          else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

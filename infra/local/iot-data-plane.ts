import type { Aedes } from 'aedes';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { credentialsFromEnvironment, signedRequestRefusal, type SigningCredentials } from './sigv4';
import { decodedOrUndefined, parsedUrl } from './url-path';

/** Publish payloads are at most IoT Core's 128 KB. */
const MAX_PAYLOAD_BYTES = 128 * 1024;

/**
 * The local twin of IoT Core's data plane Publish API (`POST /topics/{topic}?qos=&retain=`), so
 * the backend's @aws-sdk/client-iot-data-plane calls reach the local broker unchanged: the local
 * stack points AWS_ENDPOINT_URL_IOT_DATA_PLANE here. As on AWS, a request must be signed (SigV4,
 * service `iotdata`) with the backend's credentials: nothing else on the machine can publish to
 * a device.
 */
export async function startIotDataPlane(
  /** The broker, or a getter of the one running now (the local stack can restart its broker). */
  brokerNow: Aedes | (() => Aedes),
  credentials: () => SigningCredentials = credentialsFromEnvironment,
): Promise<{ url: string; close(): Promise<void> }> {
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
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD_BYTES) chunks.push(chunk);
    });
    const respond = async () => {
      const json = (statusCode: number, body: unknown) => res.writeHead(statusCode, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (size > MAX_PAYLOAD_BYTES) return json(413, { message: 'Payload too large' });
      const payload = Buffer.concat(chunks);
      const refusal = await signedRequestRefusal(req, payload, credentials(), 'iotdata').catch((error: Error) => error.message);
      if (refusal) return json(403, { message: `Forbidden: ${refusal}` });
      const qos = url.searchParams.get('qos') === '1' ? 1 : 0;
      const broker = typeof brokerNow === 'function' ? brokerNow() : brokerNow;
      broker.publish({ cmd: 'publish', topic, payload, qos, retain: url.searchParams.get('retain') === 'true', dup: false }, (error) => {
        if (error) res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: error.message }));
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    };
    req.on('end', () => void respond());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

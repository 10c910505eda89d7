import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { decodedOrUndefined } from './url-path';

/** The largest object the twin takes; images are small (the web checks the type and name). */
const MAX_OBJECT_BYTES = 5 * 1024 * 1024;
/** S3's own ceiling for a presigned link's lifetime (seven days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

/** SHA-256, or HMAC-SHA256 with a secret, in the shape the SigV4 signer takes. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(this.hash.digest());
  }
}

const bytes = (data: SourceData) =>
  typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Checks a SigV4 query-signed link as S3 does: it recomputes the presign of the same method, host,
 * path, query and signed headers with the credentials the backend signs with, compares the
 * signatures in constant time and refuses an expired or not-yet-valid link. Returns why it is
 * refused, or undefined when it is good.
 */
export async function presignRefusal(req: http.IncomingMessage, credentials: SigningCredentials, now = new Date()): Promise<string | undefined> {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const query = new URLSearchParams(rawQuery);
  const signature = query.get('X-Amz-Signature');
  const credential = query.get('X-Amz-Credential');
  const amzDate = query.get('X-Amz-Date');
  const expires = Number(query.get('X-Amz-Expires'));
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !credential || !amzDate || !signedHeaders) return 'not a signed link';
  const [accessKeyId, , region, service] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId || !region || service !== 's3') return 'signed with other credentials';
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!signedAt || !Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return 'malformed date or expiry';
  const signingDate = new Date(`${signedAt[1]}-${signedAt[2]}-${signedAt[3]}T${signedAt[4]}:${signedAt[5]}:${signedAt[6]}Z`);
  if (now.getTime() > signingDate.getTime() + expires * 1000) return 'expired';
  if (signingDate.getTime() > now.getTime() + 15 * 60_000) return 'signed in the future';

  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = req.headers[name];
    if (value === undefined) return `signed header ${name} missing`;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const payloadHash = query.get('X-Amz-Content-Sha256');
  if (payloadHash) headers['X-Amz-Content-Sha256'] = payloadHash; // as the S3 presigner names it, hoisted back into the query
  const unsigned: Record<string, string> = {};
  for (const [name, value] of query) {
    if (!/^X-Amz-(Algorithm|Credential|Date|Expires|SignedHeaders|Signature|Content-Sha256)$/.test(name)) unsigned[name] = value;
  }
  const [hostname = '', port] = (req.headers.host ?? '').split(':');
  const signer = new SignatureV4({ credentials, region, service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: false });
  const expected = await signer.presign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: rawPath, query: unsigned, headers },
    { signingDate, expiresIn: expires, unsignableHeaders: new Set(['content-type']) },
  );
  const recomputed = Buffer.from(String(expected.query?.['X-Amz-Signature'] ?? ''));
  const given = Buffer.from(signature);
  return recomputed.length === given.length && timingSafeEqual(recomputed, given) ? undefined : 'signature does not match';
}

/**
 * The local twin of S3 for images: path-style `PUT` and `GET` of `/<prefix>/<bucket>/<key>`,
 * objects as files under `dir` with their content type beside them. The AWS SDK's signed links
 * point here (AWS_ENDPOINT_URL_S3); as on S3, a link works only as signed (method, object, host,
 * credentials) and only until it expires. Files are served as attachments, never rendered on the
 * portal's origin.
 */
export function objectStoreTwin(dir: string, prefix: string, credentials: () => SigningCredentials) {
  const fileOf = (pathname: string) => {
    const relative = decodedOrUndefined(pathname.slice(prefix.length + 1));
    if (relative === undefined) return undefined;
    const file = path.normalize(path.join(dir, relative));
    if (!file.startsWith(dir + path.sep) || relative.split('/').length < 2) return undefined;
    return file;
  };
  const refuse = (res: http.ServerResponse, statusCode: number): void => {
    res.writeHead(statusCode, { 'x-content-type-options': 'nosniff' }).end();
  };

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const file = fileOf(url.pathname);
    if (!file) return refuse(res, 400);
    if (req.method !== 'PUT' && req.method !== 'GET') return refuse(res, 405);
    if (await presignRefusal(req, credentials())) return refuse(res, 403);
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_OBJECT_BYTES) return refuse(res, 413);
        chunks.push(chunk);
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.concat(chunks));
      await writeFile(`${file}.content-type`, req.headers['content-type'] ?? 'application/octet-stream');
      res.writeHead(200).end();
      return;
    }
    const found = await stat(file).then((s) => s.isFile(), () => false);
    if (!found) return refuse(res, 404);
    const contentType = await readFile(`${file}.content-type`, 'utf8').catch(() => 'application/octet-stream');
    res.writeHead(200, {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${path.basename(file).replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    createReadStream(file).pipe(res);
  };
}

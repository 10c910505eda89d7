import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { presignRefusal, signedRequestRefusal, type SigningCredentials } from './sigv4';
import { decodedOrUndefined } from './url-path';

/** A body's CRC32 as S3 writes it in `x-amz-checksum-crc32`: the four bytes big-endian, base64. */
function crc32Base64(body: Buffer): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc32(body));
  return bytes.toString('base64');
}

/** The largest object the twin takes; images are small (the web checks the type and name). */
const MAX_OBJECT_BYTES = 5 * 1024 * 1024;

/**
 * The local twin of S3 for images: path-style `PUT`, `GET` and `DELETE` of `/<prefix>/<bucket>/<key>`,
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
    if (req.method === 'DELETE') {
      // The API's own call (a replaced logo), signed in its Authorization header as S3 expects.
      if (await signedRequestRefusal(req, Buffer.alloc(0), credentials(), 's3')) return refuse(res, 403);
      await Promise.all([rm(file, { force: true }), rm(`${file}.content-type`, { force: true })]);
      res.writeHead(204).end();
      return;
    }
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
      const body = Buffer.concat(chunks);
      // As S3 does: a link that names the body's CRC32 takes only that body (400 BadDigest otherwise).
      const checksum = url.searchParams.get('x-amz-checksum-crc32') ?? req.headers['x-amz-checksum-crc32'];
      if (typeof checksum === 'string' && checksum !== crc32Base64(body)) return refuse(res, 400);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      await writeFile(`${file}.content-type`, req.headers['content-type'] ?? 'application/octet-stream');
      res.writeHead(200).end();
      return;
    }
    const found = await stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
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

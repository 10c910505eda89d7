import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';

/** The largest object the twin takes; images are small (the web checks the type and name). */
const MAX_OBJECT_BYTES = 5 * 1024 * 1024;

/**
 * The local twin of S3 for images: path-style `PUT` and `GET` of `/<prefix>/<bucket>/<key>`,
 * objects as files under `dir` with their content type beside them. The AWS SDK's signed links
 * point here (AWS_ENDPOINT_URL_S3); their signatures are not checked, as nothing here is secret.
 */
export function objectStoreTwin(dir: string, prefix: string) {
  const fileOf = (pathname: string) => {
    const relative = decodeURIComponent(pathname.slice(prefix.length + 1));
    const file = path.normalize(path.join(dir, relative));
    if (!file.startsWith(dir + path.sep) || relative.split('/').length < 2) return undefined;
    return file;
  };

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const file = fileOf(url.pathname);
    if (!file) {
      res.writeHead(400).end();
      return;
    }
    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_OBJECT_BYTES) {
          res.writeHead(413).end();
          return;
        }
        chunks.push(chunk);
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.concat(chunks));
      await writeFile(`${file}.content-type`, req.headers['content-type'] ?? 'application/octet-stream');
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'GET') {
      const found = await stat(file).then((s) => s.isFile(), () => false);
      if (!found) {
        res.writeHead(404).end();
        return;
      }
      const contentType = await readFile(`${file}.content-type`, 'utf8').catch(() => 'application/octet-stream');
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'private, max-age=300', 'x-content-type-options': 'nosniff' });
      createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(405).end();
  };
}

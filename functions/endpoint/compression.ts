import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Answers smaller than this go as they are: CloudFront's own floor for compressing, below which the
 * encoding's framing outweighs what it saves.
 */
const SMALLEST_COMPRESSED = 1000;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding a request's Accept-Encoding allows, brotli first: q-values honoured (`q=0` refuses),
 * `*` standing for any encoding the header does not name.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const [best] = (['br', 'gzip'] as const).filter((encoding) => weight(encoding) > 0).sort((a, b) => weight(b) - weight(a));
  return best;
}

const compress: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 4 compresses JSON about as well as gzip's default at a fraction of brotli's default CPU.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body),
};

/**
 * Compresses an answer the caller accepts compressed. API Gateway and CloudFront both pass the API's
 * answers as they are (the API's behaviour caches nothing, and CloudFront compresses only what it may
 * cache), so a patient list would cross a clinic's slow line at full size.
 */
export function compressAnswer(): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    after: (request) => {
      const { response } = request;
      if (!response || response.isBase64Encoded || typeof response.body !== 'string') return;
      const headers = response.headers ?? {};
      if (headers['content-encoding']) return;
      const encoding = preferredEncoding(request.event.headers?.['accept-encoding']);
      // Vary even when not compressed: a cache in between must not hand this answer to another encoding.
      response.headers = { ...headers, vary: headers.vary ? `${headers.vary}, accept-encoding` : 'accept-encoding' };
      if (!encoding || Buffer.byteLength(response.body) < SMALLEST_COMPRESSED) return;
      const body = Buffer.from(response.body);
      const compressed = compress[encoding](body);
      if (compressed.length >= body.length) return;
      response.headers['content-encoding'] = encoding;
      response.body = compressed.toString('base64');
      response.isBase64Encoded = true;
    },
  };
}

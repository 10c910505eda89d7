import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/** S3's own ceiling for a presigned link's lifetime (seven days). */
const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;
/** How far a signed request's time may be from now, as AWS allows. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;

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

/** Constant-time comparison of two signatures. */
const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The credentials the backend signs with in the local stack (its environment). */
export const credentialsFromEnvironment = (): SigningCredentials => ({
  accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
});

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
  if (signingDate.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) return 'signed in the future';

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
    // Exactly the headers the link names: a link that signs its content type and length takes only those.
    { signingDate, expiresIn: expires, signableHeaders: new Set(Object.keys(headers)) },
  );
  return sameText(String(expected.query?.['X-Amz-Signature'] ?? ''), signature) ? undefined : 'signature does not match';
}

/**
 * Checks a request signed with SigV4 in its Authorization header, as an AWS service does: it signs
 * the same method, path, query, signed headers and body again with `credentials` for `service` and
 * compares, and refuses a request more than 15 minutes from now. Returns why it is refused, or
 * undefined when it is good.
 */
export async function signedRequestRefusal(
  req: http.IncomingMessage,
  body: Buffer,
  credentials: SigningCredentials,
  service: string,
  now = new Date(),
): Promise<string | undefined> {
  const authorization = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
  if (!authorization) return 'not signed';
  const [, credential = '', signedHeaders = '', signature = ''] = authorization;
  const [accessKeyId, , region, signedService] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId || !region || signedService !== service) return 'signed with other credentials';
  const amzDate = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date'] ?? ''));
  if (!amzDate) return 'no signing time';
  const signingDate = new Date(`${amzDate[1]}-${amzDate[2]}-${amzDate[3]}T${amzDate[4]}:${amzDate[5]}:${amzDate[6]}Z`);
  if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_CLOCK_SKEW_MS) return 'signing time too far from now';

  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = req.headers[name];
    if (value === undefined) return `signed header ${name} missing`;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const query: Record<string, string> = Object.fromEntries(new URLSearchParams(rawQuery));
  const [hostname = '', port] = (req.headers.host ?? '').split(':');
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256 });
  const signed = await signer.sign(
    { method: req.method ?? 'GET', protocol: 'http:', hostname, port: port ? Number(port) : undefined, path: rawPath, query, headers, body },
    { signingDate },
  );
  const expected = /Signature=([0-9a-f]{64})$/.exec(String(signed.headers?.authorization ?? ''))?.[1] ?? '';
  return sameText(expected, signature) ? undefined : 'signature does not match';
}

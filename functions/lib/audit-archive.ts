import { PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { env } from './environment';

let client: S3Client | undefined;

/**
 * The write-once store of the audit trail: an S3 bucket with Object Lock in compliance mode
 * (infra/aws/audit-archive-stack.ts), whose default retention locks every object it is given.
 * The client takes its endpoint the SDK's own way (AWS_ENDPOINT_URL_S3), so a test runs this
 * module against an S3 emulator unchanged. Checksums stay on (the SDK's default): S3 takes an
 * object into a bucket with a default retention only with a checksum or Content-MD5.
 */
function s3(): S3Client {
  client ??= new S3Client({ forcePathStyle: env('S3_FORCE_PATH_STYLE') === 'true' });
  return client;
}

export const auditArchive = {
  /**
   * Stores one object under a key that is never written twice: with `If-None-Match: *` S3 refuses
   * a second put of the key (412), so a replayed stream record leaves the first object as it is.
   * Returns whether this call stored it.
   */
  async putOnce(key: string, body: string): Promise<'stored' | 'already-stored'> {
    try {
      await s3().send(new PutObjectCommand({ Bucket: env('AUDIT_ARCHIVE_BUCKET'), Key: key, Body: body, ContentType: 'application/json', IfNoneMatch: '*' }));
      return 'stored';
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 412) return 'already-stored';
      throw error;
    }
  },
};

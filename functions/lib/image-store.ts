import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { logoContentType, type LogoFolder, type LogoUpload } from '@shared/api/logos';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { env } from './environment';
import { logger } from './powertools';

let client: S3Client | undefined;

/** S3 on AWS; locally the object-store twin of the local server (AWS_ENDPOINT_URL_S3, path-style). */
function s3(): S3Client {
  // Checksums only where S3 requires them: otherwise the SDK signs a CRC32 of the empty body into
  // every PutObject link (x-amz-checksum-crc32=AAAAAA==), and S3 refuses any real upload through it.
  client ??= new S3Client({ forcePathStyle: env('S3_FORCE_PATH_STYLE') === 'true', requestChecksumCalculation: 'WHEN_REQUIRED' });
  return client;
}

function bucket(): string {
  return env('IMAGES_BUCKET');
}

/** The image types the spec accepts (png, jpg, jpeg, img) as content types. */
export const imageContentTypes = ['image/png', 'image/jpeg'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** How long a signed link lives: long enough to upload or show, short enough not to be shared. */
export const LINK_SECONDS = 300;

/**
 * Images (clinic and provider logos) go straight between the browser and storage with signed
 * links, never through the API: the API hands out a link to upload one object of one type, or to
 * read one object, for five minutes.
 */
export const imageStore = {
  uploadUrl: (key: string, contentType: ImageContentType) =>
    getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType }), { expiresIn: LINK_SECONDS }),
  /**
   * A link to upload one object of this type and exactly this size: both headers are signed, so
   * S3 (and the local twin) refuse another type or length; the caller checks the size's limit.
   */
  uploadLink: (key: string, contentType: ImageContentType, bytes: number) =>
    getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: bytes }), {
      expiresIn: LINK_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    }),
  downloadUrl: (key: string) => getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: LINK_SECONDS }),
  /**
   * The upload link of an owner's new logo (a clinic's or a provider's): a new key under the
   * owner's folder, for the chosen file's type and exact size. The logo becomes the owner's only
   * when an update names the key (`isLogoOf`); the replaced one is then removed.
   */
  async logoLink(folder: LogoFolder, ownerId: string, input: LogoUpload) {
    const [file] = input.files;
    const contentType = logoContentType(file!.name);
    const key = `${folder}/${ownerId}/logo-${randomUUID()}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
    const url = await this.uploadLink(key, contentType, file!.size);
    return { url, key, headers: { 'content-type': contentType, 'content-length': String(file!.size) }, expiresIn: LINK_SECONDS };
  },
  /** Whether a key names a logo of this owner (a key of another owner is refused by the update). */
  isLogoOf: (folder: LogoFolder, ownerId: string, key: string) => key.startsWith(`${folder}/${ownerId}/`),
  /**
   * Removes a logo an update replaced. A failure only leaves an unreferenced object behind, so it
   * is logged and the update stands (the bucket's lifecycle is not needed for correctness).
   */
  async removeReplaced(key: string | undefined, current: string | undefined): Promise<void> {
    if (!key || key === current) return;
    try {
      await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
    } catch (error) {
      logger.warn('replaced logo not removed', { key, error: (error as Error).name });
    }
  },
};

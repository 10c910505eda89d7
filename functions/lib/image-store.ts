import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { logoContentType, type LogoFolder, type LogoUpload } from '@shared/api/logos';
import { env } from './environment';
import { logger } from './powertools';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Promise<{ sdk: S3Sdk; client: S3Client; sign: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl }> | undefined;

/**
 * S3 on AWS; locally the object-store twin of the local server (AWS_ENDPOINT_URL_S3, path-style).
 * The SDK is loaded on the first call, not with the module: the provider and clinic routes import
 * the store, and only the logo calls use it (the package is a large part of a cold start).
 */
function s3() {
  loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([sdk, presigner]) => ({
    sdk,
    // Checksums only where S3 requires them: otherwise the SDK signs a CRC32 of the empty body into
    // every PutObject link (x-amz-checksum-crc32=AAAAAA==), and S3 refuses any real upload through it.
    client: new sdk.S3Client({ forcePathStyle: env('S3_FORCE_PATH_STYLE') === 'true', requestChecksumCalculation: 'WHEN_REQUIRED' }),
    sign: presigner.getSignedUrl,
  }));
  return loaded;
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
  async uploadUrl(key: string, contentType: ImageContentType) {
    const { sdk, client, sign } = await s3();
    return sign(client, new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType }), { expiresIn: LINK_SECONDS });
  },
  /**
   * A link to upload one object of this type and exactly this size: both headers are signed, so
   * S3 (and the local twin) refuse another type or length; the caller checks the size's limit.
   */
  async uploadLink(key: string, contentType: ImageContentType, bytes: number) {
    const { sdk, client, sign } = await s3();
    return sign(client, new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: bytes }), {
      expiresIn: LINK_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
  },
  async downloadUrl(key: string) {
    const { sdk, client, sign } = await s3();
    return sign(client, new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: LINK_SECONDS });
  },
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
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
    } catch (error) {
      logger.warn('replaced logo not removed', { key, error: (error as Error).name });
    }
  },
};

import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { imageStore } from '@functions/lib/image-store';
import { useMoto } from '@test/support/moto';
import { createImagesBucket } from '@test/support/moto-aws';

useMoto({ endpointsFor: ['S3'] });

/**
 * The logos on AWS (functions/lib/image-store.ts): links signed by the SDK's S3 presigner for the
 * images bucket, made in moto's S3, and used as the web uses them
 * (web/src/features/admin/clinic-form/logo-upload.ts: one PUT of the file with exactly the link's
 * headers). Path-style addressing (S3_FORCE_PATH_STYLE) is the one difference from AWS: moto is
 * reached by its address, not by a bucket's host name.
 */
beforeAll(() => createImagesBucket());

/** A real PNG image (one pixel), as a browser's file input holds it. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const logoFile = () => new File([png], 'logo.png', { type: 'image/png' });

/** The web's upload: PUT the file to the link with exactly the link's headers. */
async function uploadAsTheWeb(clinicId: string) {
  const file = logoFile();
  const link = await imageStore.logoLink('clinics', clinicId, { files: [{ name: file.name, size: file.size }] });
  const response = await fetch(link.url, { method: 'PUT', headers: link.headers, body: file });
  return { link, response };
}

describe('logos through signed links', () => {
  it("takes the browser's upload of a logo, gives the same bytes back through a read link, and removes it once replaced", async () => {
    const clinicId = randomUUID();
    const { link, response } = await uploadAsTheWeb(clinicId);
    expect(response.status).toBe(200);
    expect(imageStore.isLogoOf('clinics', clinicId, link.key)).toBe(true);

    const read = await fetch(await imageStore.downloadUrl(link.key));
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(png);

    await imageStore.removeReplaced(link.key, `clinics/${clinicId}/logo-${randomUUID()}.png`);
    expect((await fetch(await imageStore.downloadUrl(link.key))).status).toBe(404);
  });

  it('signs the upload for the type and size of the file, and with no checksum: one of the empty body would make S3 refuse the logo', async () => {
    const { link } = await uploadAsTheWeb(randomUUID());
    const query = new URL(link.url).searchParams;
    expect([...query.keys()].filter((name) => /^x-amz-(sdk-)?checksum/i.test(name))).toEqual([]);
    // The SDK's default signs the CRC32 of the body it was given (none) into every PutObject link;
    // S3 compares it with the bytes uploaded and answers BadDigest. moto does not compare.
    const byDefault = new S3Client({ forcePathStyle: true });
    const defaultLink = new URL(
      await getSignedUrl(byDefault, new PutObjectCommand({ Bucket: process.env.IMAGES_BUCKET!, Key: link.key, ContentType: 'image/png' })),
    );
    byDefault.destroy();
    const crc32 = (bytes: Uint8Array) =>
      Buffer.from(Uint32Array.of(zlib.crc32(bytes)).buffer)
        .reverse()
        .toString('base64');
    expect(defaultLink.searchParams.get('x-amz-checksum-crc32')).toBe(crc32(new Uint8Array()));
    expect(crc32(png)).not.toBe(crc32(new Uint8Array()));
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(link.headers).toEqual({ 'content-type': 'image/png', 'content-length': String(png.length) });
  });
});

import { clinicScreens } from '@shared/messages/clinic-screens';
import { ApiError, call, type ResultOf } from '@web/src/lib/api-client';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinicScreens };

/** PUTs the file to the upload link with exactly the link's headers, and answers the key an update then names as `image`. */
async function putLogo(link: ResultOf<'getClinicLogoUpload'>, file: File): Promise<string> {
  const response = await fetch(link.url, { method: 'PUT', headers: link.headers, body: file });
  if (!response.ok) throw new ApiError([messages.clinicScreens.logoUploadFailed], response.status);
  return link.key;
}

const fileOf = (file: File) => ({ files: [{ name: file.name, size: file.size }] });

/**
 * Uploads a clinic's logo straight to the image store (spec 5 "Image upload"), as its provider's
 * admin: the clinic's upload link for this file's name and size, then the file itself.
 */
export async function uploadClinicLogo(adminId: string, clinicId: string, file: File): Promise<string> {
  return putLogo(await call('getClinicLogoUpload', { params: { adminId, id: clinicId }, body: fileOf(file) }), file);
}

/** The same, as the clinic's own admin (…/clinicsAdmins/{adminId}/logoUpload). */
export async function uploadMyClinicLogo(adminId: string, file: File): Promise<string> {
  return putLogo(await call('getMyClinicLogoUpload', { params: { adminId }, body: fileOf(file) }), file);
}

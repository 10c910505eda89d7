import { messages } from '@shared/messages';
import { ApiError, call } from '@web/src/lib/api-client';

/**
 * Uploads a clinic's logo straight to the image store (spec 5 "Image upload"): asks the clinic's
 * upload link for this file's name and size, PUTs the file with exactly the link's headers, and
 * answers the key the clinic's update then names as `image`.
 */
export async function uploadClinicLogo(adminId: string, clinicId: string, file: File): Promise<string> {
  const link = await call('getClinicLogoUpload', { params: { adminId, id: clinicId }, body: { files: [{ name: file.name, size: file.size }] } });
  const response = await fetch(link.url, { method: 'PUT', headers: link.headers, body: file });
  if (!response.ok) throw new ApiError([messages.clinicScreens.logoUploadFailed], response.status);
  return link.key;
}

import type { z } from 'zod';
import { logoContentType, type LogoUpload, type logoUploadLinkSchema } from '@shared/api/logos';
import { errors } from '@shared/messages/errors';
import { ApiError } from '@web/src/lib/api-client';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { errors };

type LogoUploadLink = z.infer<typeof logoUploadLinkSchema>;

/**
 * Uploads a logo straight to the object store (spec 5 "Image upload"): asks the route for a link
 * for this one file (the server checks its name, type and size with the spec's messages), PUTs the
 * file with the type the link signed, and answers the key the profile's update then names as `image`.
 * The browser sets the content length itself from the file (it may not be set by hand).
 */
export async function uploadLogo(linkFor: (body: LogoUpload) => Promise<LogoUploadLink>, file: File): Promise<string> {
  const link = await linkFor({ files: [{ name: file.name, size: file.size }] });
  const answer = await fetch(link.url, { method: 'PUT', headers: { 'content-type': link.headers['content-type'] ?? logoContentType(file.name) }, body: file });
  // The store answers in its own XML: the person reads the portal's words, the log keeps the rest.
  if (!answer.ok) throw new ApiError([messages.errors.internal], answer.status);
  return link.key;
}

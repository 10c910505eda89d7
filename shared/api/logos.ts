import { z } from 'zod';
import { clinics } from '../messages/clinics';
import { widgets } from '../messages/widgets';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinics, widgets };

/**
 * The logos of clinics and providers (spec section 5 "Image upload"): the file a form chose, the
 * link that uploads it straight to storage, and the key an update then names. One contract for both.
 */

export const MAX_LOGO_BYTES = 1024 * 1024;
/** The logo types of spec section 5 the image store serves ('img' names no image type a browser shows: DESIGN.md section 10). */
export const logoTypes = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' } as const;
const w = messages.widgets.fields;
const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/**
 * POST …/logoUpload (beyond the spec's list: the upload link of spec section 5 "Image upload"): the
 * file chosen, with the spec's messages for none, several, and a name over 80 characters.
 */
export const logoUploadSchema = z
  .object({
    files: z
      .array(
        z
          .object({
            name: z.string().min(1, w.noFile).max(80, w.fileNameTooLong),
            size: z.number().int().min(1, w.noFile).max(MAX_LOGO_BYTES, messages.clinics.imageTooLarge),
          })
          .strict()
          .refine((file) => extensionOf(file.name) in logoTypes, { message: w.fileType, path: ['name'] }),
      )
      .min(1, w.noFile)
      .max(1, w.singleFileOnly),
  })
  .strict();
export type LogoUpload = z.output<typeof logoUploadSchema>;
export const logoContentType = (name: string) => logoTypes[extensionOf(name) as keyof typeof logoTypes];

/** Where and how to upload the logo: one PUT of exactly these headers, within `expiresIn` seconds. */
export const logoUploadLinkSchema = z.object({
  url: z.string(),
  key: z.string(),
  headers: z.object({ 'content-type': z.string(), 'content-length': z.string() }),
  expiresIn: z.number(),
});

/** The folders logos live in: one per owner kind, each owner's logos under `<folder>/<owner id>/`. */
export type LogoFolder = 'clinics' | 'providers';

/** A logo key as an upload link made it (`<folder>/<owner id>/logo-<uuid>.png|jpg`); the service checks the owner. */
export const logoKeySchema = (folder: LogoFolder) =>
  z
    .string()
    .max(200)
    .regex(new RegExp(`^${folder}/[\\w-]+/logo-[\\w-]+\\.(png|jpg)$`), messages.clinics.imageNotValid);

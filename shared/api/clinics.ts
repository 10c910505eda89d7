import { z } from 'zod';
import { clinics } from '../messages/clinics';
import { required as requiredText } from '../messages/required';
import { session } from '../messages/session';
import { settingEntrySchema, settingsListSchema, toSettingsObject, validateSettings } from '../settings';
import { logoKeySchema } from './logos';
import { PHONE_PATTERN } from './patterns';
import { LARGEST_PAGE } from './page-sizes';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinics, required: requiredText, session };

/**
 * The administrators' contract for clinics (spec sections 3 "Clinic", "Clinic admin profile", 5
 * "Clinic form", "Clinic admin", 7 LiberDiAdmin, ServiceProviderAdmin and ClinicAdmin calls):
 * request schemas with the spec's messages, for the web's forms and the handlers alike, and the answers.
 */

const m = messages.clinics;

/** A required text input of at most 100 characters (spec section 5 "General"), with its own message. */
const text = (requiredMessage: string, label: string) =>
  z.string({ required_error: requiredMessage, invalid_type_error: requiredMessage }).trim().min(1, requiredMessage).max(100, m.tooLong(label));

const phone = text(m.phoneRequired, 'Phone').regex(PHONE_PATTERN, m.phoneNotValid);
const email = text(m.emailRequired, 'Email').email(m.emailNotValid);

/** The clinic form's address: its own words ('Country is required'), not the address dialog's. */
export const clinicAddressSchema = z
  .object(
    {
      Country: text(m.countryRequired, 'Country'),
      City: text(m.cityRequired, 'City'),
      Street: text(m.streetRequired, 'Street'),
    },
    { required_error: m.countryRequired, invalid_type_error: m.countryRequired },
  )
  .strict();

/** The bot check's token (spec section 7: it gates saving a clinic and the clinic admin profile). */
const reCaptchaToken = z.string({ required_error: messages.session.captchaBlocked }).min(1, messages.session.captchaBlocked).max(4096);

/** A logo uploaded through the clinic's upload link: its key (the service checks it is the clinic's). */
const logoKey = logoKeySchema('clinics');

const clinicShape = {
  ClinicName: text(m.clinicNameRequired, 'Clinic name'),
  ClinicPhone: phone,
  ClinicAddress: clinicAddressSchema,
  ClinicIsEnabled: z.boolean(),
  /** The contact e-mail: optional; valid when present. */
  Email: email.optional(),
  image: logoKey.optional(),
};

/** The settings a clinic is created with, checked by the provider admin's rules (the fill and drain time bounds skipped). */
const clinicSettingsSchema = settingsListSchema.superRefine((entries, ctx) => {
  for (const issue of validateSettings(toSettingsObject(entries), { skipTimeBounds: true, partial: true })) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
  }
});

/** The clinic form without the logo: a new clinic has no upload link yet (its logo comes with an update). */
const { image: _logo, ...newClinicShape } = clinicShape;

/** POST /spadmins/{adminId}/clinics/signup: the clinic form, and the settings the form started from the provider's. */
export const clinicSignupSchema = z
  .object({ ...newClinicShape, ClinicIsEnabled: clinicShape.ClinicIsEnabled.optional(), Settings: clinicSettingsSchema.optional(), reCaptchaToken })
  .strict();
export type ClinicSignup = z.output<typeof clinicSignupSchema>;
export type ClinicSignupInput = z.input<typeof clinicSignupSchema>;

/** POST /spadmins/{adminId}/updateClinicInfo/{id}: the changed fields of the clinic form. */
export const clinicUpdateSchema = z
  .object({ ...clinicShape, reCaptchaToken })
  .partial()
  .required({ reCaptchaToken: true })
  .strict();
export type ClinicUpdate = z.output<typeof clinicUpdateSchema>;
export type ClinicUpdateInput = z.input<typeof clinicUpdateSchema>;

/** POST /clinicsAdmins/{adminId}/updateMyClinic: the clinic admin's profile (spec section 3); Email, Phone and the address required. */
export const myClinicUpdateSchema = z
  .object({
    ClinicName: clinicShape.ClinicName,
    Email: email,
    Phone: phone,
    ClinicAddress: clinicAddressSchema,
    ContactPersonFullName: text(messages.required('Contact person'), 'Contact person').optional(),
    image: logoKey.optional(),
    reCaptchaToken,
  })
  .partial({ ClinicName: true })
  .strict();
export type MyClinicUpdate = z.output<typeof myClinicUpdateSchema>;
export type MyClinicUpdateInput = z.input<typeof myClinicUpdateSchema>;

/** The largest logo the upload link takes. */
export { logoContentType, logoTypes, logoUploadLinkSchema, logoUploadSchema, MAX_LOGO_BYTES, type LogoUpload } from './logos';

/** GET …/getAllClinics: a page, optionally (LiberDiAdmin) one provider's clinics. */
export const clinicListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LARGEST_PAGE).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .strict();
export const adminClinicListQuerySchema = clinicListQuerySchema.extend({ spId: z.string().min(1).max(128).optional() }).strict();

// ---------------------------------------------------------------------------------------------
// Answers

const addressAnswer = z.object({ Country: z.string(), City: z.string(), Street: z.string() });

/** A row of the clinic list (spec section 2: name, location, activated devices, exchanges, last exchange, provider). */
export const clinicListItemSchema = z.object({
  ClinicID: z.string(),
  ClinicName: z.string(),
  Location: z.string(),
  ActivePatientLinkedDeviceCount: z.number(),
  ClinicExchangeCounter: z.number(),
  ClinicLastExchangeTime: z.string().optional(),
  ServiceProviderID: z.string(),
  ServiceProviderName: z.string(),
  ClinicIsEnabled: z.boolean(),
  /** The clinic admin's name; absent while the clinic has none (spec 6: only such clinics take a new clinic admin). */
  ClinicAdminFullName: z.string().optional(),
});
export type ClinicListItem = z.infer<typeof clinicListItemSchema>;
export const clinicListSchema = z.object({ items: z.array(clinicListItemSchema), cursor: z.string().optional() });

/** Where a setting in force comes from: the clinic's own decision, its provider's, the platform's, or the product's default. */
export const settingSources = ['clinic', 'provider', 'global', 'default'] as const;
export type SettingSource = (typeof settingSources)[number];
export const sourcedSettingSchema = settingEntrySchema.extend({ from: z.enum(settingSources) });
export type SourcedSetting = z.infer<typeof sourcedSettingSchema>;

/** A clinic as its screens show it (spec section 3 "Clinic"), with its settings in force and where each comes from. */
export const clinicSchema = z.object({
  ClinicID: z.string(),
  ClinicName: z.string(),
  ClinicPhone: z.string(),
  ClinicAddress: addressAnswer,
  ClinicIsEnabled: z.boolean(),
  Email: z.string().optional(),
  /** A five-minute link to the logo, when the clinic has one. */
  image: z.string().optional(),
  serviceProvider: z.object({ ServiceProviderID: z.string(), ServiceProviderName: z.string() }),
  ClinicAdmin: z.object({ FirstName: z.string(), LastName: z.string(), Email: z.string() }).optional(),
  ClinicAdminFullName: z.string().optional(),
  ContactPersonFullName: z.string().optional(),
  ActivePatientLinkedDeviceCount: z.number(),
  ClinicExchangeCounter: z.number(),
  ClinicLastExchangeTime: z.string().optional(),
  Settings: z.array(sourcedSettingSchema),
});
export type ClinicAnswer = z.infer<typeof clinicSchema>;

/** An update's answer: the clinic as stored now and the fields that changed. */
export const clinicUpdateResultSchema = clinicSchema.extend({ changed: z.array(z.string()) });

/** The clinic admin's profile (spec section 3 "Clinic admin profile"); the provider's name read-only. */
export const myClinicSchema = z.object({
  ClinicID: z.string(),
  ClinicName: z.string(),
  Email: z.string().optional(),
  Phone: z.string(),
  ClinicAddress: addressAnswer,
  ServiceProviderName: z.string(),
  ContactPersonFullName: z.string().optional(),
  image: z.string().optional(),
  ClinicIsEnabled: z.boolean(),
  Settings: z.array(sourcedSettingSchema),
});
export const myClinicUpdateResultSchema = myClinicSchema.extend({ changed: z.array(z.string()) });

import { z } from 'zod';
import { errors } from '../messages/errors';
import { providers } from '../messages/providers';
import { widgets } from '../messages/widgets';
import { settingNames, settingsListSchema, validateSettings, toSettingsObject } from '../settings';
import { logoKeySchema } from './logos';
import { addressSchema } from './patients';
import { PHONE_PATTERN } from './patterns';
import { LARGEST_PAGE } from './page-sizes';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { errors, providers, widgets };

/**
 * The service providers' contract (spec sections 3 "Service provider", 5 "Service provider",
 * 7 LiberDiAdmin and ServiceProviderAdmin): request schemas with the spec's messages, used by the
 * web's forms and the handlers alike, and the answers.
 */

const m = messages.providers;
const tooLong = messages.widgets.address.tooLong;

/** A required text input of at most 100 characters (spec section 5 "General"). */
const text = (requiredMessage: string, label: string) =>
  z.string({ required_error: requiredMessage, invalid_type_error: requiredMessage }).trim().min(1, requiredMessage).max(100, tooLong(label));

const email = text(m.emailRequired, 'Email').pipe(z.string().email(m.emailNotValid));
const phone = text(m.phoneRequired, 'Phone').pipe(z.string().regex(PHONE_PATTERN, m.phoneNotValid));

const profileShape = {
  ServiceProviderName: text(m.nameRequired, 'Service provider name'),
  FirstName: text(m.firstNameRequired, 'First name'),
  LastName: text(m.lastNameRequired, 'Last name'),
  Email: email,
  Phone: phone,
  ServiceProviderAddress: addressSchema,
};

/** POST /sp/signup: the provider and its admin, the contact person (Role defaults to ServiceProviderAdmin). */
export const providerSignupSchema = z.object({ ...profileShape, Role: z.literal('ServiceProviderAdmin').optional() }).strict();
export type ProviderSignup = z.infer<typeof providerSignupSchema>;

/**
 * Settings a provider decides (spec section 5 "Settings (numeric)"): only those sent are checked
 * (a partial update), and a ServiceProviderAdmin skips the min/max fill and drain time checks.
 */
const providerSettingsSchema = settingsListSchema.superRefine((list, ctx) => {
  for (const issue of validateSettings(toSettingsObject(list), { partial: true, skipTimeBounds: true })) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: issue.message });
  }
});

/**
 * POST /sp/{id}/updateProfile (LiberDiAdmin): the changed fields; Email, Phone and the address
 * parts are required when sent (spec section 5, edit). Only this call changes the enabled flags;
 * `IsEnabled` is the same flag as `ServiceProviderIsEnabled` (spec section 3 names both).
 */
export const providerUpdateSchema = z
  .object({
    ...z.object(profileShape).partial().shape,
    image: logoKeySchema('providers').optional(),
    ServiceProviderIsEnabled: z.boolean().optional(),
    IsEnabled: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.IsEnabled === undefined || body.ServiceProviderIsEnabled === undefined || body.IsEnabled === body.ServiceProviderIsEnabled, {
    path: ['IsEnabled'],
    message: messages.errors.malformedRequest,
  });
export type ProviderUpdate = z.infer<typeof providerUpdateSchema>;

/** POST /updateSPprofile (ServiceProviderAdmin): ServiceProviderName and Settings, or changed fields; never the enabled flags. */
export const myProviderUpdateSchema = z
  .object({ ...z.object(profileShape).partial().shape, image: logoKeySchema('providers').optional(), Settings: providerSettingsSchema.optional() })
  .strict();
export type MyProviderUpdate = z.infer<typeof myProviderUpdateSchema>;

export const providerListQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(LARGEST_PAGE).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .strict();

const addressAnswer = z.object({ Country: z.string(), City: z.string(), Street: z.string() });

/** A row of /sp (spec section 2, Service provider list columns, plus the status, address and contact). */
export const providerListItemSchema = z.object({
  ServiceProviderID: z.string(),
  ServiceProviderName: z.string(),
  Clinics: z.number(),
  ActivePatientLinkedDeviceCount: z.number(),
  SPExchangeCounter: z.number(),
  SPLastExchangeTime: z.string().optional(),
  ServiceProviderIsEnabled: z.boolean(),
  IsEnabled: z.boolean(),
  ServiceProviderAddress: addressAnswer,
  Email: z.string(),
  Phone: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
});
export type ProviderListItem = z.infer<typeof providerListItemSchema>;

export const providerListSchema = z.object({ items: z.array(providerListItemSchema), cursor: z.string().optional() });

/** Where a setting's effective value comes from, for the screens to show. */
export const settingSourceSchema = z.enum(['provider', 'global']);
export type SettingSource = z.infer<typeof settingSourceSchema>;

/** A provider's profile: the list row's fields, its effective settings and which of them it set itself. */
export const providerProfileSchema = providerListItemSchema.extend({
  CreatedAt: z.string(),
  Role: z.literal('ServiceProviderAdmin'),
  /** A short-lived link to the provider's logo, when it has one. */
  image: z.string().optional(),
  Settings: settingsListSchema,
  SettingsSource: z.record(z.enum(settingNames), settingSourceSchema),
});
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

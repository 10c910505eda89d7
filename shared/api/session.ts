import { z } from 'zod';
import { LANGUAGES } from '../language';
import { session } from '../messages/session';
import { ROLES, type Role } from '../roles';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { session };

/**
 * The sign-in contract (spec sections 3 "Session user", 4 "Sign-in outcomes", 5 "Login",
 * "Password rule" and 7 "Auth"): payload schemas with the spec's messages, and what the
 * server answers. The web's forms and the handlers use the same schemas.
 */

const m = messages.session;

/** Spaces are stripped from e-mail, password, 2FA code and new password before sending (spec 5). */
export const stripSpaces = (value: string) => value.replace(/\s+/g, '');

/** Roles that must have two-factor sign-in on: they set up TOTP before reaching any screen. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly Role[] = ['LiberDiAdmin', 'ServiceProviderAdmin'];

export const requiresTwoFactorSetup = (profile: Pick<SessionProfile, 'Role' | 'TwoFactorEnabled'>) =>
  TWO_FACTOR_REQUIRED_ROLES.includes(profile.Role) && !profile.TwoFactorEnabled;

/** Not spec texts: the answers of the session guards the spec does not word. */
export const sessionNotices = {
  signInWait: (seconds: number) => `Too many failed sign-in attempts, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
  recoveryRateLimited: 'Too many recovery requests, please try again later',
  twoFactorSetupRequired: 'Two-factor authentication must be set up before using the portal',
  wrongAuthenticationCode: 'Wrong authentication code',
} as const;

const FORBIDDEN_PASSWORD_CHARACTERS = /[${}/<>[\]"'`]/;

/** The spec's password rule: 8-20 characters, a digit, one of ! @ # % ^ & *, an upper and a lower case letter, none of $ { } / < > [ ] " ' `. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 20 &&
    /\d/.test(password) &&
    /[!@#%^&*]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    !FORBIDDEN_PASSWORD_CHARACTERS.test(password)
  );
}

export const passwordSchema = z.string().refine(isValidPassword, m.passwordRule);

/** The human-verification token; its absence is the spec's 'Blocked By ReCAPTCHA'. */
const humanVerificationToken = z.string({ required_error: m.captchaBlocked }).min(1, m.captchaBlocked).max(4096);

export const signInSchema = z
  .object({
    Email: z.string({ required_error: m.usernameRequired }).min(1, m.usernameRequired).max(100),
    Password: z.string({ required_error: m.passwordRequired }).min(1, m.passwordRequired).max(100),
    reCaptchaToken: humanVerificationToken,
  })
  .strict();

export const twoFactorSchema = z
  .object({ TwoFaCode: z.string({ required_error: m.authenticationCodeRequired }).regex(/^\d{6}$/, m.authenticationCodeRequired) })
  .strict();

export const changePasswordSchema = z.object({ newPassword: passwordSchema }).strict();

/** The create-password form: the rule, and the confirmation matching ('Passwords must match'). */
export const createPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, { message: m.passwordsMustMatch, path: ['confirmPassword'] });

export const forgotPasswordSchema = z
  .object({
    Email: z.string({ required_error: m.emailRequired }).min(1, m.emailRequired).max(100).email(m.emailNotValid),
    reCaptchaToken: humanVerificationToken,
  })
  .strict();

/** Sign-out revokes the session's refresh token too, when the web still holds it. */
export const signOutSchema = z.object({ refreshToken: z.string().min(1).max(8192).optional() }).strict();

export const refreshSessionSchema = z.object({ refreshToken: z.string().min(1).max(8192) }).strict();

/** The first code of the authenticator; the session's refresh token, when the web holds it, so its refreshes count as through the TOTP step too. */
export const totpVerifySchema = z
  .object({ TwoFaCode: z.string().regex(/^\d{6}$/, m.authenticationCodeRequired), refreshToken: z.string().min(1).max(8192).optional() })
  .strict();

export type SignInPayload = z.infer<typeof signInSchema>;
export type TwoFactorPayload = z.infer<typeof twoFactorSchema>;
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;
export type ForgotPasswordPayload = z.infer<typeof forgotPasswordSchema>;

/** Counts the top bar shows administrators. */
export const statisticSchema = z.object({
  activatedDevices: z.number(),
  activatedClinics: z.number(),
  totalNoExchanges: z.number(),
});
export type Statistic = z.infer<typeof statisticSchema>;

/** The signed-in user as the web shows it (spec section 3 "Session user"). */
export const sessionProfileSchema = z.object({
  UserID: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  /** The sign-in before this one (ISO time), shown as 'Last login at'; absent on a first sign-in. */
  LastLoginAt: z.string().optional(),
  Role: z.enum(ROLES),
  Statistic: statisticSchema.optional(),
  ServiceProvider: z.object({ ServiceProviderID: z.string(), ServiceProviderName: z.string().optional() }).optional(),
  ClinicID: z.string().optional(),
  TwoFactorEnabled: z.boolean(),
  /** The language the portal shows the user: their own choice, else their clinic's (or provider's, or the platform's) DefaultLanguage. */
  Language: z.enum(LANGUAGES).optional(),
});
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

/** The tokens of a signed-in session; `token` is the Cognito access token sent as the bearer. */
export const sessionTokensSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Seconds until `token` expires. */
  expiresIn: z.number(),
  /** The Cognito ID token of the same sign-in: on AWS the live screens trade it for their credentials (docs/live-screens.md). */
  idToken: z.string().optional(),
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

/**
 * Signed in. `totpSetupRequired` is true for a role that must use two-factor sign-in and has not
 * set it up yet: until it is set up, only the session and TOTP set-up calls answer.
 */
export const signedInSchema = sessionTokensSchema.extend({
  status: z.literal('pass'),
  updatePassword: z.literal(false),
  profile: sessionProfileSchema,
  totpSetupRequired: z.literal(true).optional(),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/** A pending step: `token` is the temporary session for /signin/2fa or /users/{userId}/changePass. */
export const pendingPasswordChangeSchema = z.object({
  status: z.literal('pass'),
  updatePassword: z.literal(true),
  token: z.string(),
  profile: sessionProfileSchema.pick({ UserID: true, FirstName: true }),
});
export type PendingPasswordChange = z.infer<typeof pendingPasswordChangeSchema>;

export const pendingTwoFactorSchema = z.object({ status: z.literal('2fa'), updatePassword: z.literal(false), token: z.string() });
export type PendingTwoFactor = z.infer<typeof pendingTwoFactorSchema>;

export const signInResultSchema = z.union([signedInSchema, pendingPasswordChangeSchema, pendingTwoFactorSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/**
 * The answer to a password change; `nModified: 1` means the change took (spec section 4). A user
 * with TOTP on is then at the 2FA step (status '2fa'), not yet signed in.
 */
export const changePasswordResultSchema = z.union([
  signedInSchema.extend({ nModified: z.literal(1) }),
  pendingTwoFactorSchema.extend({ nModified: z.literal(1) }),
]);
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

export const totpSetupSchema = z.object({
  /** The shared secret (base32) and the otpauth:// URI the QR code shows. */
  secretCode: z.string(),
  otpauthUri: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const forgotPasswordResultSchema = z.object({ sent: z.literal(true) });
export const signOutResultSchema = z.object({ signedOut: z.literal(true) });
export const sessionResultSchema = z.object({ profile: sessionProfileSchema });

/** POST /users/{userId}/language: the signed-in user's own choice of language, and the answer. */
export const languageChoiceSchema = z.object({ Language: z.enum(LANGUAGES) }).strict();
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
export const verifyTotpResultSchema = z.object({ enabled: z.literal(true) });

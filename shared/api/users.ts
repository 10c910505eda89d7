import { z } from 'zod';
import { clinics } from '../messages/clinics';
import { users } from '../messages/users';
import { effectiveRole, ROLES, type Role } from '../roles';
import { PHONE_PATTERN } from './patterns';
import { LARGEST_PAGE } from './page-sizes';

/** The message areas this module shows (one module each: a screen's chunk carries its own; docs/web.md). */
const messages = { clinics, users };

/**
 * The users' contract (spec sections 3 "User", 5 "User", 6 "Roles and permissions", 7 the user
 * calls of LiberDiAdmin, ServiceProviderAdmin and ClinicAdmin): the creation chain and the role
 * overlap rule, request schemas with the spec's messages for the web's forms and the handlers
 * alike, and the answers.
 */

const m = messages.users;

// ---------------------------------------------------------------------------------------------
// The creation chain and the overlap rule (spec section 6), one place for the server and the web

/**
 * The roles a signer may give (create, or change a user to): LiberDiAdmin makes provider admins
 * (through a provider's signup), a provider's admin clinic admins, a clinic admin the clinic's
 * staff; staff give none.
 */
export function allowedRoles(signer: Role): readonly Role[] {
  switch (signer) {
    case 'LiberDiAdmin':
      return ['ServiceProviderAdmin'];
    case 'ServiceProviderAdmin':
      return ['ClinicAdmin'];
    case 'ClinicAdmin':
      return ['ClinicDirector', 'Doctor', 'Nurse'];
    default:
      return [];
  }
}

/**
 * Whether the signer may change a user with these roles: only when they overlap the signer's
 * allowed roles (spec section 6: the edit form is disabled otherwise, and the server refuses).
 */
export function rolesOverlap(signer: Role, userRoles: readonly Role[]): boolean {
  const allowed = allowedRoles(signer);
  return userRoles.some((role) => allowed.includes(role));
}

/**
 * A user's roles after a signer sets `sent`: the roles the signer does not manage stay, the ones
 * it manages become exactly `sent`. Highest first (the spec's order), without repeats.
 */
export function rolesAfter(signer: Role, current: readonly Role[], sent: readonly Role[]): Role[] {
  const allowed = allowedRoles(signer);
  const kept = current.filter((role) => !allowed.includes(role));
  return ROLES.filter((role) => kept.includes(role) || sent.includes(role));
}

/** The role a list gives (the highest in the spec's order). */
export const mainRole = (roles: readonly Role[]): Role => effectiveRole(roles) ?? roles[0]!;

// ---------------------------------------------------------------------------------------------
// Requests

/** A required text input of at most 100 characters (spec section 5 "General"), with its own message. */
const text = (requiredMessage: string, label: string) =>
  z.string({ required_error: requiredMessage, invalid_type_error: requiredMessage }).trim().min(1, requiredMessage).max(100, messages.clinics.tooLong(label));

const email = text(m.emailRequired, 'Email').pipe(z.string().email(m.emailNotValid));
const phone = text(m.phoneRequired, 'Phone').pipe(z.string().regex(PHONE_PATTERN, m.phoneNotValid));

/**
 * Role, one or a list (spec section 3), limited to `allowed`: absent or empty is 'Role is
 * required', any other role 'Role is not valid'. The answer is the list, highest first.
 */
export function roleField(allowed: readonly Role[]) {
  return z
    .custom<Role | Role[]>(() => true)
    .transform((value: unknown, ctx): Role[] => {
      const list: unknown[] = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];
      if (list.length === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: m.roleRequired });
        return z.NEVER;
      }
      if (list.length > ROLES.length || !list.every((role) => typeof role === 'string' && (allowed as readonly string[]).includes(role))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: m.roleNotValid });
        return z.NEVER;
      }
      return ROLES.filter((role) => list.includes(role));
    });
}

const personShape = {
  FirstName: text(m.firstNameRequired, 'First name'),
  LastName: text(m.lastNameRequired, 'Last name'),
  Email: email,
  Phone: phone,
};

/**
 * The body of a creation call: the new user, whose role the route decides (a clinic admin for
 * …/clinics/{clinicId}/addAdmin, a doctor, nurse or director for …/{doctors|nurses|ClinicDirector}/signup).
 * The clinic comes from the path or from the clinic admin, never from the body.
 */
export function newUserSchema(role: Role) {
  return z.object({ ...personShape, Role: roleField([role]) }).strict();
}
export type NewUserBody = z.output<ReturnType<typeof newUserSchema>>;
export type NewUserBodyInput = z.input<ReturnType<typeof newUserSchema>>;

/**
 * A platform admin (LiberDiAdmin), whom no form creates: the operator's command makes them
 * (`npm run create-admin`, infra/ops/create-admin.ts). The person as the forms take it; the phone
 * may be left out, as the user record allows.
 */
export const platformAdminSchema = z.object({ ...personShape, Phone: phone.optional() }).strict();
export type PlatformAdmin = z.output<typeof platformAdminSchema>;

/** The body of each creation route (one schema per route, so the table walks can tell them apart). */
export const clinicAdminSignupSchema = newUserSchema('ClinicAdmin');
export const doctorSignupSchema = newUserSchema('Doctor');
export const nurseSignupSchema = newUserSchema('Nurse');
export const clinicDirectorSignupSchema = newUserSchema('ClinicDirector');

/**
 * /users/createuser's form: the person, a role among the signer's allowed roles, and 'Associated
 * Clinic is required' unless the signer is a ClinicAdmin (whose users join its own clinic).
 */
export function userFormSchema(signer: Role) {
  const clinic = z.string({ required_error: m.clinicRequired, invalid_type_error: m.clinicRequired }).trim().min(1, m.clinicRequired).max(128);
  return z.object({ ...personShape, Role: roleField(allowedRoles(signer)), ClinicID: signer === 'ClinicAdmin' ? clinic.optional() : clinic }).strict();
}
export type UserForm = z.output<ReturnType<typeof userFormSchema>>;
export type UserFormInput = z.input<ReturnType<typeof userFormSchema>>;

/**
 * POST …/updateUser/{id}: the changed fields (spec section 5, edit: Email and Phone required and
 * valid when sent), the enabled flag and the role (one or a list). Which roles a signer may give
 * is the server's check (the overlap rule), so any role is well-formed here.
 */
export const userUpdateSchema = z
  .object({
    Email: email.optional(),
    Phone: phone.optional(),
    IsEnabled: z.boolean().optional(),
    Role: roleField(ROLES).optional(),
  })
  .strict();
export type UserUpdate = z.output<typeof userUpdateSchema>;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

const page = {
  limit: z.coerce.number().int().min(1).max(LARGEST_PAGE).optional(),
  cursor: z.string().min(1).max(2048).optional(),
};
const id = z.string().min(1).max(128);

/** GET …/users/getAllUsers (LiberDiAdmin): a page of every user, or one provider's, or one clinic's (spec section 2: spId, clinicId). */
export const adminUserListQuerySchema = z.object({ ...page, spId: id.optional(), clinicId: id.optional() }).strict();
/** GET …/getAllUsersForSP: a page of the provider's users, or of one of its clinics. */
export const providerUserListQuerySchema = z.object({ ...page, clinicId: id.optional() }).strict();
/** GET …/getAllUsersForMyClinic: a page of the own clinic's users. */
export const clinicUserListQuerySchema = z.object(page).strict();

// ---------------------------------------------------------------------------------------------
// Answers

const roleAnswer = z.enum(ROLES);

/** A user as the lists and the profile show it (spec section 3 "User"): `Role` is the main role, `Roles` all of them. */
export const userSchema = z.object({
  UserID: z.string(),
  Role: roleAnswer,
  Roles: z.array(roleAnswer),
  IsEnabled: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  Phone: z.string().optional(),
  ClinicID: z.string().optional(),
  ClinicName: z.string().optional(),
  ServiceProviderID: z.string().optional(),
  ServiceProviderName: z.string().optional(),
  CreatedAt: z.string(),
});
export type UserAnswer = z.infer<typeof userSchema>;

export const userListSchema = z.object({ items: z.array(userSchema), cursor: z.string().optional() });

/** An update's answer: the user as stored now and the fields that changed. */
export const userUpdateResultSchema = userSchema.extend({ changed: z.array(z.string()) });

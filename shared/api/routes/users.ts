import { defineRoutes } from '../route-definition';
import {
  adminUserListQuerySchema,
  clinicAdminSignupSchema,
  clinicDirectorSignupSchema,
  clinicUserListQuerySchema,
  doctorSignupSchema,
  nurseSignupSchema,
  providerUserListQuerySchema,
  userListSchema,
  userSchema,
  userUpdateResultSchema,
  userUpdateSchema,
} from '../users';

/**
 * What a route that creates a user reads, writes and may do (Cognito user and group, the mail, the
 * clinic's admin); the settings of the user's provider and the platform give the mail's language.
 */
const creating = {
  access: ['table-write', 'cognito-admin', 'mail'],
  keys: ['USER', 'EMAIL', 'CLINIC', 'COUNTER', 'SP', 'GLOBAL'],
  writeKeys: ['USER', 'EMAIL', 'CLINIC', 'AUDIT'],
  audit: 'write',
} as const;

/**
 * What …/updateUser/{id} reads, writes and may do: the e-mail (Cognito and marker, and the notice
 * to the old address, in the user's language: the settings), the groups, the flag, ending sessions.
 */
const updating = {
  access: ['table-write', 'cognito-user-admin', 'mail'],
  keys: ['USER', 'EMAIL', 'CLINIC', 'COUNTER', 'SESSION', 'SP', 'GLOBAL'],
  writeKeys: ['USER', 'EMAIL', 'CLINIC', 'AUDIT', 'SESSION'],
  audit: 'write',
} as const;

/**
 * The users of the administrators (spec section 7): the platform admin reads them all,
 * a provider's admin its provider's and adds clinic admins, a clinic admin its clinic's and adds
 * its staff. Each route is scoped by functions/lib/scope.ts (another tenant's user is a 404) and
 * held to the creation chain and the role overlap rule of spec section 6 (shared/api/users.ts).
 */
export const userRoutes = defineRoutes({
  /** /users (LiberDiAdmin, read-only): every user, or one provider's (spId) or one clinic's (clinicId). */
  getAllUsers: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/users/getAllUsers',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    query: adminUserListQuerySchema,
    response: userListSchema,
    handler: 'users/get-all-users',
    keys: ['USERS', 'USER', 'SP', 'CLINIC', 'COUNTER'],
    tenant: { kind: 'platform' },
    audit: 'none',
    thing: 'users',
  },
  getUserProfile: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/users/{id}/profile',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    response: userSchema,
    handler: 'users/get-user',
    keys: ['USER'],
    tenant: { kind: 'user', param: 'id' },
    audit: 'none',
    thing: 'user',
  },
  getAllUsersForSP: {
    method: 'GET',
    path: '/spadmins/{adminId}/getAllUsersForSP',
    token: 'session',
    roles: ['ServiceProviderAdmin'],
    self: 'adminId',
    query: providerUserListQuerySchema,
    response: userListSchema,
    handler: 'users/get-all-users-for-sp',
    keys: ['SP', 'USER', 'CLINIC', 'COUNTER'],
    tenant: { kind: 'own' },
    audit: 'none',
    thing: 'users',
  },
  getUserOfProvider: {
    method: 'GET',
    path: '/spadmins/{adminId}/getUser/{id}',
    token: 'session',
    roles: ['ServiceProviderAdmin'],
    self: 'adminId',
    response: userSchema,
    handler: 'users/get-user',
    keys: ['USER'],
    tenant: { kind: 'user', param: 'id' },
    audit: 'none',
    thing: 'user',
  },
  /** A clinic admin for a clinic of the own provider that has none (409 otherwise); a temporary password by mail. */
  addClinicAdmin: {
    method: 'POST',
    path: '/spadmins/{adminId}/clinics/{clinicId}/addAdmin',
    token: 'session',
    roles: ['ServiceProviderAdmin'],
    self: 'adminId',
    body: clinicAdminSignupSchema,
    response: userSchema,
    handler: 'users/add-clinic-admin',
    ...creating,
    tenant: { kind: 'clinic', param: 'clinicId' },
    thing: 'Clinic Admins',
  },
  updateUserOfProvider: {
    method: 'POST',
    path: '/spadmins/{adminId}/updateUser/{id}',
    token: 'session',
    roles: ['ServiceProviderAdmin'],
    self: 'adminId',
    body: userUpdateSchema,
    response: userUpdateResultSchema,
    handler: 'users/update-user',
    ...updating,
    tenant: { kind: 'user', param: 'id' },
    thing: 'update user',
  },
  getAllUsersForMyClinic: {
    method: 'GET',
    path: '/clinicsAdmins/{adminId}/getAllUsersForMyClinic',
    token: 'session',
    roles: ['ClinicAdmin'],
    self: 'adminId',
    query: clinicUserListQuerySchema,
    response: userListSchema,
    handler: 'users/get-all-users-for-my-clinic',
    keys: ['CLINIC', 'USER'],
    tenant: { kind: 'own' },
    audit: 'none',
    thing: 'users',
  },
  getUserOfClinic: {
    method: 'GET',
    path: '/clinicsAdmins/{adminId}/getUser/{id}',
    token: 'session',
    roles: ['ClinicAdmin'],
    self: 'adminId',
    response: userSchema,
    handler: 'users/get-user',
    keys: ['USER'],
    tenant: { kind: 'user', param: 'id' },
    audit: 'none',
    thing: 'user',
  },
  updateUserOfClinic: {
    method: 'POST',
    path: '/clinicsAdmins/{adminId}/updateUser/{id}',
    token: 'session',
    roles: ['ClinicAdmin'],
    self: 'adminId',
    body: userUpdateSchema,
    response: userUpdateResultSchema,
    handler: 'users/update-user',
    ...updating,
    tenant: { kind: 'user', param: 'id' },
    thing: 'update user',
  },
  /** The clinic admin's staff, one path per role (spec section 6: doctors, nurses, ClinicDirector), in the own clinic. */
  signupDoctor: {
    method: 'POST',
    path: '/clinicsAdmins/{adminId}/doctors/signup',
    token: 'session',
    roles: ['ClinicAdmin'],
    self: 'adminId',
    body: doctorSignupSchema,
    response: userSchema,
    handler: 'users/signup-clinic-user',
    ...creating,
    // Spec section 3: a user carries ClinicID and ServiceProviderID.
    tenantEchoes: ['ClinicID', 'ServiceProviderID'],
    tenant: { kind: 'own' },
    thing: 'create new user',
  },
  signupNurse: {
    method: 'POST',
    path: '/clinicsAdmins/{adminId}/nurses/signup',
    token: 'session',
    roles: ['ClinicAdmin'],
    self: 'adminId',
    body: nurseSignupSchema,
    response: userSchema,
    handler: 'users/signup-clinic-user',
    ...creating,
    // Spec section 3: a user carries ClinicID and ServiceProviderID.
    tenantEchoes: ['ClinicID', 'ServiceProviderID'],
    tenant: { kind: 'own' },
    thing: 'create new user',
  },
  signupClinicDirector: {
    method: 'POST',
    path: '/clinicsAdmins/{adminId}/ClinicDirector/signup',
    token: 'session',
    roles: ['ClinicAdmin'],
    self: 'adminId',
    body: clinicDirectorSignupSchema,
    response: userSchema,
    handler: 'users/signup-clinic-user',
    ...creating,
    // Spec section 3: a user carries ClinicID and ServiceProviderID.
    tenantEchoes: ['ClinicID', 'ServiceProviderID'],
    tenant: { kind: 'own' },
    thing: 'create new user',
  },
});

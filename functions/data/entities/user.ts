import { CustomAttributeType } from 'electrodb';
import type { Language } from '@shared/language';
import type { Role } from '@shared/roles';

/** A portal user's record; Cognito holds the credentials and groups, this holds profile and tenant. */
export const userSchema = {
  model: { entity: 'User', version: '2', service: 'pd' },
  attributes: {
    UserID: { type: 'string', required: true, readOnly: true },
    /** The main role (the highest of `Roles`): what the session and the lists go by. */
    Role: { type: CustomAttributeType<Role>('string'), required: true },
    /** Every role of the user (spec section 3: one or a list), highest first; absent on users made before it: `[Role]`. */
    Roles: { type: 'list', items: { type: 'string' } },
    IsEnabled: { type: 'boolean', required: true },
    FirstName: { type: 'string', required: true },
    LastName: { type: 'string', required: true },
    Email: { type: 'string', required: true },
    Phone: { type: 'string' },
    ClinicID: { type: 'string' },
    ClinicName: { type: 'string' },
    ServiceProviderID: { type: 'string' },
    ServiceProviderName: { type: 'string' },
    /** This sign-in's time. */
    LastLoginAt: { type: 'string' },
    /** The sign-in before this one: what the top bar shows as 'Last login at' ('' when there was none). */
    PreviousLoginAt: { type: 'string' },
    TwoFactorEnabled: { type: 'boolean' },
    /** The language the user chose (shared/language.ts); absent: the clinic's default (the DefaultLanguage setting). */
    Language: { type: CustomAttributeType<Language>('string') },
    /** The user's clinic is disabled: no sign-in, no call, until it is enabled (functions/identity/may-sign-in.ts). */
    ClinicDisabled: { type: 'boolean' },
    /**
     * An administrator changed the sign-in address and the user has not signed in with it since:
     * recovery mails nothing to it until the user proves the account is theirs (docs/security.md).
     */
    EmailUnconfirmed: { type: 'boolean' },
    /** The user's service provider is disabled: no sign-in, no call, until it is enabled (functions/identity/may-sign-in.ts). */
    ProviderDisabled: { type: 'boolean' },
    CreatedAt: { type: 'string', required: true, readOnly: true },
    /** `<last>#<first>` in lower case: the lists' order. */
    SortName: { type: 'string', required: true },
    ListShard: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['UserID'], template: 'USER#${UserID}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'PROFILE', casing: 'none' },
    },
    /** /users of a clinic (ClinicAdmin). */
    byClinic: {
      index: 'gsi1',
      projection: 'keys_only',
      pk: { field: 'gsi1pk', composite: ['ClinicID'], template: 'CLINIC#${ClinicID}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['SortName', 'UserID'], template: 'USER#${SortName}#${UserID}', casing: 'none' },
    },
    /** /users of a provider (SP admin). */
    byServiceProvider: {
      index: 'gsi2',
      projection: 'keys_only',
      pk: { field: 'gsi2pk', composite: ['ServiceProviderID'], template: 'SP#${ServiceProviderID}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['SortName', 'UserID'], template: 'USER#${SortName}#${UserID}', casing: 'none' },
    },
    /** /users (LiberDiAdmin), spread over LIST_SHARDS partitions. */
    all: {
      index: 'gsi3',
      projection: 'keys_only',
      pk: { field: 'gsi3pk', composite: ['ListShard'], template: 'USERS#${ListShard}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['SortName', 'UserID'], template: 'USER#${SortName}#${UserID}', casing: 'none' },
    },
  },
} as const;

/** Reserves an e-mail address for one user (uniqueness) and finds the user at sign-in. */
export const emailMarkerSchema = {
  model: { entity: 'EmailMarker', version: '2', service: 'pd' },
  attributes: {
    Email: { type: 'string', required: true, readOnly: true },
    UserID: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['Email'], template: 'EMAIL#${Email}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'EMAIL', casing: 'none' },
    },
  },
} as const;

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/roles';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';
import { db, type ItemOf } from './entities';
import { allListShards, listShard } from './entities/shards';
import { complete, pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';
import { auditItem, type AuditRecord } from './audit-repository';
import { throwIfCanceled } from './transactions';

type UserItem = ItemOf<'user'>;

/** A portal user's record as the entity stores it, less its list keys; Cognito holds the credentials and groups. */
export type UserRecord = Omit<UserItem, 'SortName' | 'ListShard' | 'Roles'> & {
  /** Every role, highest first; absent on users made before roles were a list (then `[Role]`). */
  Roles?: Role[];
};

const normalEmail = (email: string) => email.trim().toLowerCase();
const sortName = (user: Pick<UserRecord, 'FirstName' | 'LastName'>) => `${user.LastName.toLowerCase()}#${user.FirstName.toLowerCase()}`;
const toRecord = ({ SortName, ListShard, Roles, ...user }: UserItem): UserRecord => ({ ...user, ...(Roles ? { Roles: Roles as Role[] } : {}) });

/** A user's roles: the list, or the one role of a record made before roles were a list. */
export const rolesOf = (user: Pick<UserRecord, 'Role' | 'Roles'>): Role[] => (user.Roles && user.Roles.length > 0 ? user.Roles : [user.Role]);

/** What an update may change on a user (spec section 5, edit: Email and Phone; the flag; the roles). */
export type UserChanges = Partial<Pick<UserRecord, 'Email' | 'EmailUnconfirmed' | 'Phone' | 'IsEnabled' | 'Role' | 'Roles' | 'Language'>>;

/** The clinic whose admin a new user becomes: the clinic must have none yet (checked in the same transaction). */
export interface AdminOf {
  ClinicID: string;
}

export const usersRepository = {
  async get(userId: string): Promise<UserRecord | undefined> {
    const { data } = await db().entities.user.get({ UserID: userId }).go();
    return data ? toRecord(data) : undefined;
  },

  /** Several users in one BatchGetItem (e.g. the physicians of a patient list's page); absent ones are left out. */
  async getMany(userIds: readonly string[]): Promise<UserRecord[]> {
    if (userIds.length === 0) return [];
    const result = await db()
      .entities.user.get([...new Set(userIds)].map((UserID) => ({ UserID })))
      .go();
    complete(result);
    return result.data.map(toRecord);
  },

  async getByEmail(email: string): Promise<UserRecord | undefined> {
    const { data } = await db()
      .entities.emailMarker.get({ Email: normalEmail(email) })
      .go();
    return data ? usersRepository.get(data.UserID) : undefined;
  },

  /** The provider's name copied on the user, after the provider was renamed. */
  async setServiceProviderName(userId: string, name: string): Promise<void> {
    await db().entities.user.patch({ UserID: userId }).set({ ServiceProviderName: name }).go();
  },

  /** /users of a clinic, by name. */
  async listByClinic(clinicId: string, page?: PageRequest): Promise<Page<UserRecord>> {
    return toPage(
      await db()
        .entities.user.query.byClinic({ ClinicID: clinicId })
        .go({ ...pageOptions(page), hydrate: true }),
      toRecord,
    );
  },

  /** /users of a provider, by name. */
  async listByServiceProvider(serviceProviderId: string, page?: PageRequest): Promise<Page<UserRecord>> {
    return toPage(
      await db()
        .entities.user.query.byServiceProvider({ ServiceProviderID: serviceProviderId })
        .go({ ...pageOptions(page), hydrate: true }),
      toRecord,
    );
  },

  /** /users (LiberDiAdmin): every user, shard after shard (by name within a shard). */
  async listAll(page?: PageRequest): Promise<Page<UserRecord>> {
    return shardedPage(allListShards(), page ?? {}, async (ListShard, shardPage) =>
      toPage(
        await db()
          .entities.user.query.all({ ListShard })
          .go({ ...pageOptions(shardPage), hydrate: true }),
        toRecord,
      ),
    );
  },

  /**
   * Records a sign-in now and keeps the one before it (the top bar's 'Last login at'), which it
   * returns. Both are set in one update whose operands are the values before it: copying one
   * attribute into another is not something ElectroDB's update builder expresses, so this one
   * update is written with the document client.
   */
  async recordSignIn(userId: string, at = new Date().toISOString()): Promise<string | undefined> {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        // A sign-in with the user's own password confirms an address an administrator set.
        UpdateExpression: 'SET LastLoginAt = :at, PreviousLoginAt = if_not_exists(LastLoginAt, :none) REMOVE EmailUnconfirmed',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':none': '' },
        ReturnValues: 'UPDATED_OLD',
      }),
    );
    const previous = result.Attributes?.LastLoginAt;
    return typeof previous === 'string' && previous ? previous : undefined;
  },

  setTwoFactorEnabled: async (userId: string, enabled: boolean) => {
    await db().entities.user.patch({ UserID: userId }).set({ TwoFactorEnabled: enabled }).go();
  },
  /** Marks a user as of a disabled clinic, or clears the mark when the clinic is enabled again. */
  setClinicDisabled: async (userId: string, disabled: boolean) => {
    await db().entities.user.patch({ UserID: userId }).set({ ClinicDisabled: disabled }).go();
  },
  /** Marks a user as of a disabled service provider, or clears the mark when the provider is enabled again. */
  setProviderDisabled: async (userId: string, disabled: boolean) => {
    await db().entities.user.patch({ UserID: userId }).set({ ProviderDisabled: disabled }).go();
  },
  setEnabled: async (userId: string, enabled: boolean) => {
    await db().entities.user.patch({ UserID: userId }).set({ IsEnabled: enabled }).go();
  },

  /**
   * Stores a new user and reserves the e-mail in one transaction; fails if the e-mail is taken.
   * With `audit`, its record is written in the same transaction; with `adminOf`, the user becomes
   * that clinic's admin, and the transaction fails (`ClinicHasAdmin`) when the clinic has one.
   */
  async create(user: UserRecord, options: { audit?: AuditRecord; adminOf?: AdminOf } = {}): Promise<void> {
    const { audit, adminOf } = options;
    const result = await db()
      .transaction.write(({ user: userEntity, emailMarker, clinic, audit: auditEntity }) => [
        emailMarker.create({ Email: normalEmail(user.Email), UserID: user.UserID }).commit(),
        userEntity.create({ ...user, SortName: sortName(user), ListShard: listShard(user.UserID) }).commit(),
        ...(adminOf
          ? [
              clinic
                .patch({ ClinicID: adminOf.ClinicID })
                .set({ ClinicAdmin: { UserID: user.UserID, FirstName: user.FirstName, LastName: user.LastName, Email: normalEmail(user.Email) } })
                .where(({ ClinicAdmin }, { notExists }) => notExists(ClinicAdmin))
                .commit(),
            ]
          : []),
        ...(audit ? [auditEntity.create(auditItem(audit)).commit()] : []),
      ])
      .go();
    if (adminOf && result.canceled && (result.data as ReadonlyArray<{ code: string }>)[2]?.code === 'ConditionalCheckFailed') {
      throw Object.assign(new Error('The clinic has an admin'), { name: 'ClinicHasAdmin' });
    }
    throwIfCanceled(result);
  },

  /**
   * Changes a user's fields with the audit record, all or nothing. A changed e-mail moves its
   * marker (the new one must be free: 'EmailTaken' otherwise); `clinicAdminOf` keeps the e-mail
   * its clinic shows for its admin in step. The change is conditioned on the e-mail read
   * (`before`), so a concurrent change of it fails ('changedMeanwhile') instead of being lost.
   */
  async update(
    before: UserRecord,
    changes: UserChanges,
    options: { audit: AuditRecord; clinicAdminOf?: string },
  ): Promise<'updated' | 'changedMeanwhile' | 'emailTaken'> {
    const newEmail = changes.Email !== undefined && normalEmail(changes.Email) !== normalEmail(before.Email) ? normalEmail(changes.Email) : undefined;
    const set = { ...changes, ...(newEmail ? { Email: newEmail } : {}) };
    const result = await db()
      .transaction.write(({ user: userEntity, emailMarker, clinic, audit: auditEntity }) => [
        userEntity
          .patch({ UserID: before.UserID })
          .set(set)
          .where(({ Email }, { eq }) => eq(Email, before.Email))
          .commit(),
        ...(newEmail
          ? [
              emailMarker
                .delete({ Email: normalEmail(before.Email) })
                .where(({ UserID }, { eq }) => eq(UserID, before.UserID))
                .commit(),
              emailMarker.create({ Email: newEmail, UserID: before.UserID }).commit(),
            ]
          : []),
        ...(newEmail && options.clinicAdminOf
          ? [
              clinic
                .patch({ ClinicID: options.clinicAdminOf })
                .set({ ClinicAdmin: { UserID: before.UserID, FirstName: before.FirstName, LastName: before.LastName, Email: newEmail } })
                .commit(),
            ]
          : []),
        auditEntity.create(auditItem(options.audit)).commit(),
      ])
      .go();
    if (result.canceled) {
      const codes = result.data.map(({ code }) => code);
      if (newEmail && codes[2] === 'ConditionalCheckFailed') return 'emailTaken';
      if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'changedMeanwhile';
    }
    throwIfCanceled(result);
    return 'updated';
  },
};

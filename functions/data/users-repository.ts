import type { EntityItem } from 'electrodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@shared/roles';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';
import { db, type Db } from './entities';
import { allListShards, listShard } from './entities/shards';
import { complete, pageOptions, shardedPage, toPage, type Page, type PageRequest } from './page';
import { throwIfCanceled } from './transactions';

/** A portal user's record; Cognito holds the credentials and groups, this holds profile and tenant. */
export interface UserRecord {
  UserID: string;
  Role: Role;
  IsEnabled: boolean;
  FirstName: string;
  LastName: string;
  Email: string;
  Phone?: string;
  ClinicID?: string;
  ClinicName?: string;
  ServiceProviderID?: string;
  ServiceProviderName?: string;
  /** This sign-in's time. */
  LastLoginAt?: string;
  /** The sign-in before this one: what the top bar shows as 'Last login at' ('' when there was none). */
  PreviousLoginAt?: string;
  TwoFactorEnabled?: boolean;
  /** The user's clinic is disabled (see functions/lib/may-sign-in.ts). */
  ClinicDisabled?: boolean;
  CreatedAt: string;
}

type UserItem = EntityItem<Db['entities']['user']>;

const normalEmail = (email: string) => email.trim().toLowerCase();
const sortName = (user: Pick<UserRecord, 'FirstName' | 'LastName'>) => `${user.LastName.toLowerCase()}#${user.FirstName.toLowerCase()}`;
const toRecord = ({ SortName, ListShard, ...user }: UserItem): UserRecord => user;

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
        UpdateExpression: 'SET LastLoginAt = :at, PreviousLoginAt = if_not_exists(LastLoginAt, :none)',
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
  setEnabled: async (userId: string, enabled: boolean) => {
    await db().entities.user.patch({ UserID: userId }).set({ IsEnabled: enabled }).go();
  },

  /** Stores a new user and reserves the e-mail in one transaction; fails if the e-mail is taken. */
  async create(user: UserRecord): Promise<void> {
    await db()
      .transaction.write(({ user: userEntity, emailMarker }) => [
        emailMarker.create({ Email: normalEmail(user.Email), UserID: user.UserID }).commit(),
        userEntity.create({ ...user, SortName: sortName(user), ListShard: listShard(user.UserID) }).commit(),
      ])
      .go()
      .then(throwIfCanceled);
  },
};

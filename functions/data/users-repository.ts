import type { Role } from '../../shared/roles';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/aws-clients';
import { config } from '../lib/config';
import { getItem, transactWrite, updateItem, withoutKeys } from './table';

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
  CreatedAt: string;
}

const listSortKey = (user: UserRecord) => `USER#${user.LastName.toLowerCase()}#${user.FirstName.toLowerCase()}#${user.UserID}`;

/** User items: by id; listed by clinic (gsi1), by provider (gsi2) and all (gsi3, LiberDiAdmin). */
export const userKeys = {
  profile: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  email: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
  item: (user: UserRecord) => ({
    ...userKeys.profile(user.UserID),
    gsi1pk: user.ClinicID ? `CLINIC#${user.ClinicID}` : undefined,
    gsi1sk: user.ClinicID ? listSortKey(user) : undefined,
    gsi2pk: user.ServiceProviderID ? `SP#${user.ServiceProviderID}` : undefined,
    gsi2sk: user.ServiceProviderID ? listSortKey(user) : undefined,
    gsi3pk: 'TYPE#USER',
    gsi3sk: listSortKey(user),
  }),
};

async function setFlag(userId: string, flag: 'IsEnabled' | 'TwoFactorEnabled', value: boolean): Promise<void> {
  await updateItem(userKeys.profile(userId), {
    expression: 'SET #flag = :value',
    names: { '#flag': flag },
    values: { ':value': value },
    condition: 'attribute_exists(pk)',
  });
}

export const usersRepository = {
  async get(userId: string): Promise<UserRecord | undefined> {
    const item = await getItem<UserRecord>(userKeys.profile(userId));
    return item && (withoutKeys(item) as UserRecord);
  },

  async getByEmail(email: string): Promise<UserRecord | undefined> {
    const marker = await getItem<{ UserID: string }>(userKeys.email(email));
    return marker && usersRepository.get(marker.UserID);
  },

  /**
   * Records a sign-in now and keeps the one before it (the top bar's 'Last login at'), which it
   * returns. Both are set in one update, whose operands are the values before it.
   */
  async recordSignIn(userId: string, at = new Date().toISOString()): Promise<string | undefined> {
    const result = await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key: userKeys.profile(userId),
        UpdateExpression: 'SET LastLoginAt = :at, PreviousLoginAt = if_not_exists(LastLoginAt, :none)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at, ':none': '' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return (result.Attributes?.PreviousLoginAt as string | undefined) || undefined;
  },

  setTwoFactorEnabled: (userId: string, enabled: boolean) => setFlag(userId, 'TwoFactorEnabled', enabled),
  setEnabled: (userId: string, enabled: boolean) => setFlag(userId, 'IsEnabled', enabled),

  /** Stores a new user and reserves the e-mail in one transaction; fails if the e-mail is taken. */
  async create(user: UserRecord): Promise<void> {
    await transactWrite([
      {
        Put: {
          TableName: '',
          Item: { ...userKeys.email(user.Email), entity: 'EmailMarker', UserID: user.UserID },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: '',
          Item: { ...userKeys.item(user), entity: 'User', ...user },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
  },
};

import type { Role } from '../../shared/roles';
import { getItem, transactWrite, withoutKeys } from './table';

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
  LastLoginAt?: string;
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

export const usersRepository = {
  async get(userId: string): Promise<UserRecord | undefined> {
    const item = await getItem<UserRecord>(userKeys.profile(userId));
    return item && (withoutKeys(item) as UserRecord);
  },

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

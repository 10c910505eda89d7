import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { lambdaInvocation } from '@infra/local/lambda-twin';

/**
 * The partition keys a function really touches in DynamoDB Local, recorded under a label (a route,
 * a device function) while it runs, to compare with the `dynamodb:LeadingKeys` it is granted on
 * AWS: a key the grant forgets would be AccessDenied in production.
 */
export interface PartitionAccess {
  label: string;
  kind: 'read' | 'write';
  key: string;
}

type Input = Record<string, unknown> & {
  Key?: { pk: string };
  Item?: { pk: string };
  ExpressionAttributeValues?: Record<string, unknown>;
  TransactItems?: Array<Record<string, { Key?: { pk: string }; Item?: { pk: string } }>>;
  RequestItems?: Record<string, { Keys?: Array<{ pk: string }> } | Array<{ PutRequest?: { Item: { pk: string } }; DeleteRequest?: { Key: { pk: string } } }>>;
};

/** The leading keys of one DynamoDB request: the table's pk, or for a GSI query the index's. */
function leadingKeys(command: string, input: Input): Array<Omit<PartitionAccess, 'label'>> {
  switch (command) {
    case 'GetCommand':
      return [{ kind: 'read', key: input.Key!.pk }];
    case 'QueryCommand':
      return [{ kind: 'read', key: String(input.ExpressionAttributeValues![':pk']) }];
    case 'PutCommand':
      return [{ kind: 'write', key: input.Item!.pk }];
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [{ kind: 'write', key: input.Key!.pk }];
    case 'TransactWriteCommand':
      return input.TransactItems!.flatMap((item) =>
        Object.entries(item).map(([action, request]) => ({
          kind: action === 'ConditionCheck' ? ('read' as const) : ('write' as const),
          key: (request.Key ?? request.Item)!.pk,
        })),
      );
    case 'BatchGetCommand':
      return Object.values(input.RequestItems!).flatMap((request) =>
        (request as { Keys: Array<{ pk: string }> }).Keys.map((key) => ({ kind: 'read' as const, key: key.pk })),
      );
    default:
      throw new Error(`a DynamoDB request the recorder does not read: ${command}`);
  }
}

/**
 * Records, for the whole test file, the partitions every request of the one document client
 * touches while a label is set (`during`, or the caller's own `labelNow`); requests outside a
 * label are not recorded.
 */
export function recordTouchedPartitions(labelNow?: () => string | undefined) {
  const accesses: PartitionAccess[] = [];
  let current: string | undefined;
  const label = () => labelNow?.() ?? current;
  const send = DynamoDBDocumentClient.prototype.send;
  beforeAll(() => {
    // The spy hands back send's own promise; the check cannot see through `as typeof send`.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    jest.spyOn(DynamoDBDocumentClient.prototype, 'send').mockImplementation(function (this: DynamoDBDocumentClient, command: unknown, ...rest: unknown[]) {
      const { constructor, input } = command as { constructor: { name: string }; input: Input };
      // A Cognito trigger a request set off is its own Lambda on AWS, with its own grants (identity-stack.ts).
      const now = lambdaInvocation.getStore() ? undefined : label();
      if (now) for (const access of leadingKeys(constructor.name, input)) accesses.push({ label: now, ...access });
      return (send as (...args: unknown[]) => unknown).call(this, command, ...rest);
    } as typeof send);
  });
  afterAll(() => jest.restoreAllMocks());
  return {
    accesses,
    /** Runs `work` with its requests recorded under `label`. */
    async during<T>(label: string, work: () => Promise<T>): Promise<T> {
      current = label;
      try {
        return await work();
      } finally {
        current = undefined;
      }
    },
  };
}

/** IAM's StringLike: `*` matches any run of characters. */
export const matchesLeadingKey = (pattern: string, key: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(key);

/** The recorded accesses of a label that none of the granted patterns of their kind admits, as `read KEY` / `write KEY`. */
export function outsideGrant(accesses: readonly PartitionAccess[], label: string, granted: { read: readonly string[]; write: readonly string[] }): string[] {
  return accesses
    .filter((access) => access.label === label)
    .filter((access) => !granted[access.kind].some((pattern) => matchesLeadingKey(pattern, access.key)))
    .map((access) => `${access.kind} ${access.key}`);
}

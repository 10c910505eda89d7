import { dynamo } from '@functions/lib/aws-clients';

/**
 * Counts the requests the handlers send to DynamoDB, by command, with a middleware on the one
 * document client every repository (and ElectroDB) sends through.
 */
export function countDynamoRequests() {
  const counts = new Map<string, number>();
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      counts.set(name, (counts.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoRequests', override: true },
  );
  return {
    /** Requests since the last reset, by command. */
    get byCommand(): Record<string, number> {
      return Object.fromEntries(counts);
    },
    get total(): number {
      return [...counts.values()].reduce((sum, count) => sum + count, 0);
    },
    reset(): void {
      counts.clear();
    },
  };
}

import { dynamo } from '../functions/lib/aws-clients';

/**
 * Counts the DynamoDB requests the portal's shared client sends (every HTTP attempt, retries
 * included), by operation. Installed once on the in-process client `dynamo()`; the benchmark's
 * own raw floors use a client of their own and are not counted.
 */
export class DynamoRequestCounter {
  private readonly counts = new Map<string, number>();

  static install(): DynamoRequestCounter {
    const counter = new DynamoRequestCounter();
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        const operation = String(context.commandName ?? 'unknown').replace(/Command$/, '');
        counter.counts.set(operation, (counter.counts.get(operation) ?? 0) + 1);
        return next(args);
      },
      // The deserialize step runs once per attempt, inside the retry middleware.
      { step: 'deserialize', name: 'benchDynamoRequestCounter', override: true },
    );
    return counter;
  }

  reset(): void {
    this.counts.clear();
  }

  get total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** e.g. `GetItem 5, Query 1, TransactWriteItems 1` */
  breakdown(per = 1): string {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([operation, n]) => `${operation} ${round(n / per)}`)
      .join(', ');
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

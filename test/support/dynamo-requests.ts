import { performance } from 'node:perf_hooks';
import { dynamo } from '@functions/lib/aws-clients';

/**
 * Counts the requests the handlers send to DynamoDB, by command, with a middleware on the one
 * document client every repository (and ElectroDB) sends through.
 */
export function countDynamoRequests() {
  const counts = new Map<string, number>();
  const spans: Array<{ start: number; end: number }> = [];
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const name = context.commandName ?? 'unknown';
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const span = { start: performance.now(), end: Number.POSITIVE_INFINITY };
      spans.push(span);
      try {
        return await next(args);
      } finally {
        span.end = performance.now();
      }
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
    /**
     * Round trips since the last reset: the longest chain of requests each sent after the one
     * before it had answered. Requests sent together count once; what a caller waits for grows
     * with this, not with the total.
     */
    get roundTrips(): number {
      const sorted = [...spans].sort((a, b) => a.start - b.start);
      const depth: number[] = [];
      sorted.forEach((span, i) => {
        depth[i] = 1 + Math.max(0, ...sorted.slice(0, i).flatMap((before, j) => (before.end <= span.start ? [depth[j]!] : [])));
      });
      return Math.max(0, ...depth);
    },
    reset(): void {
      counts.clear();
      spans.length = 0;
    },
  };
}

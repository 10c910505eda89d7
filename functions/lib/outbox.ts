import { randomUUID } from 'node:crypto';

/**
 * The name of a local outbox's file (mail or SMS): its time first, so names sort as written; then
 * a token, since several messages to one recipient can leave in the same millisecond (an
 * escalation run's notices), and a name of its own keeps each; the recipient last, which readers match.
 */
export function outboxFileName(to: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}-${to}.json`;
}

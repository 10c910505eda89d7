/**
 * When dead letters come faster than a fleet's mistakes explain: this many letters within this
 * many minutes raise the DeadLetters alarm on AWS (infra/aws/devices-stack.ts) and a log line of
 * the local stack (infra/local/dead-letter-watch.ts). docs/deploy.md, "Alarms", says why these figures.
 */
export const DEAD_LETTER_ALARM = { letters: 10, minutes: 5 } as const;

/** Thrown for a device message that can never be taken: it is kept as a dead letter with the reason, not retried. */
export class RejectedMessage extends Error {}

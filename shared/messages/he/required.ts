import type { required as english } from '../required';
import type { Translation } from '../translation';

/** "<label> is required": the message of an empty required field. */
export const required: Translation<typeof english> = (label) => `השדה ${label} הוא שדה חובה`;

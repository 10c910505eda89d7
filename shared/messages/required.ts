/** "<label> is required": the message of an empty required field. */
export const required = (label: string) => `${label} is required`;

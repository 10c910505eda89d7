/** Live screens (not spec texts: the spec has no live screens). */
export const live = {
  idTokenRequired: 'The session has no ID token for live updates; sign in again',
} as const;

/**
 * The languages the portal shows: English (the spec's texts) and Hebrew (shared/messages/he). A
 * user's choice, a clinic's default and the web's `Accept-Language` name one of these.
 */
export const LANGUAGES = ['en', 'he'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Stands in for `intl-messageformat` in the web build (web/build.ts, `alias`). Cloudscape imports
 * it in three places, none of which the portal uses: its I18nProvider (the portal's texts are
 * shared/messages, not Cloudscape's i18n), its remote i18n provider, and the description of a
 * Cloudscape error boundary given `i18nStrings.descriptionText` (the portal gives none, and
 * Cloudscape formats that inside a try/catch whose fallback is the text as written). Yet its
 * built-in boundaries in Container, Form and Modal import it statically, which put the formatter
 * and its ICU parser (38 KB minified, ~11 KB gzipped) into what /login loads (issue 8's budget).
 * This formats nothing: it answers the message as written, what Cloudscape's own fallback does.
 * Lint keeps web/ off Cloudscape's i18n and error-boundary modules (eslint.config.mjs).
 */
export default class IntlMessageFormat {
  constructor(private readonly message: string) {}

  format(): string {
    return this.message;
  }
}

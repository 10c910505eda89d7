/**
 * Stands in for `intl-messageformat` in the web build (web/build.ts, `alias`): Cloudscape's built-in
 * error boundaries import it statically, though the portal never gives them a text to format, and
 * it would load with /login (docs/web.md, "What /login loads"). It answers the message as written,
 * as Cloudscape's own fallback does; lint keeps web/ off the modules that would format.
 */
export default class IntlMessageFormat {
  constructor(private readonly message: string) {}

  format(): string {
    return this.message;
  }
}

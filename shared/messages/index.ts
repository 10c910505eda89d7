/**
 * Every user-facing text of the product, worded exactly as the spec (portal-spec.md) has it,
 * typos included: the spec's words are the product's words. Web and handlers both read from here.
 *
 * One named export per area, each in its own module here, read as
 * `import * as messages from '@shared/messages'` and `messages.<area>.<text>`: a bundle then
 * carries only the areas its code reads, and the web's code-split chunks each carry their own
 * (one object of every area put all of them into the web's /login and into every Lambda, ~30 KB
 * each: docs/web.md, docs/lambda-bundles.md).
 */

export { session } from './session';
export { errors } from './errors';
export { settings } from './settings';
export { settingsScreen } from './settings-screen';
export { sessionScreens } from './session-screens';
export { shell } from './shell';
export { navigation } from './navigation';
export { history } from './history';
export { careWeek } from './care-week';
export { twoFactorSetup } from './two-factor-setup';
export { patients } from './patients';
export { fhir } from './fhir';
export { prescriptions } from './prescriptions';
export { visits } from './visits';
export { clinics } from './clinics';
export { clinicScreens } from './clinic-screens';
export { dialogs } from './dialogs';
export { providers } from './providers';
export { users } from './users';
export { userScreens } from './user-screens';
export { devices } from './devices';
export { deviceScreens } from './device-screens';
export { widgets } from './widgets';
export { live } from './live';

export { required } from './required';

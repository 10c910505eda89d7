/**
 * Every user-facing text of the product, worded exactly as the spec has it, typos included: web and
 * handlers both read from here. One module per area, read as `messages.<area>.<text>`, so a bundle
 * carries only the areas it reads (docs/web.md, docs/lambda-bundles.md).
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
export { onCall } from './on-call';
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
export { alerts } from './alerts';

export { required } from './required';
export { mails } from './mails';

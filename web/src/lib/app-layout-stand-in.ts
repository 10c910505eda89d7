/**
 * Stands in for two of Cloudscape's three AppLayout designs in the web build (web/build.ts,
 * `appLayoutAsShown`): its build is always the visual refresh, and the toolbar design shows only
 * under a console's global flag, so the portal's shell is always the refreshed layout. Their
 * modules and stylesheets would load with the shell; if one were ever chosen, this says so.
 */
export default function AppLayoutStandIn(): never {
  throw new Error('This AppLayout design is not part of the portal build (web/build.ts, appLayoutAsShown).');
}

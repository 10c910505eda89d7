import { defineRoutes } from '../route-definition';

/** The platform admin's device calls (spec section 7, LiberDiAdmin: /devices/…). Issue 13 fills this file. */
export const deviceRoutes = defineRoutes({});

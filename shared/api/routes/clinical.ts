import { defineRoutes } from '../route-definition';

/**
 * The clinical staff's calls (spec section 7, Staff, under /clinicsDirector/{id}, /doctors/{id},
 * /nurses/{id}): patients, exchanges, prescriptions, visits. Issues 10 and 11 fill this file.
 */
export const clinicalRoutes = defineRoutes({});

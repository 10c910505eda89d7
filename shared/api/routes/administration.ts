import { defineRoutes } from '../route-definition';

/**
 * The administrators' calls (spec section 7: LiberDiAdmin, ServiceProviderAdmin, ClinicAdmin):
 * providers, clinics, users. Issues 12 and 13 fill this file.
 */
export const administrationRoutes = defineRoutes({});

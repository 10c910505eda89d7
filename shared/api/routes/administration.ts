import { historyPageSchema, historyQuerySchema } from '../history';
import { defineRoutes } from '../route-definition';

/**
 * The administrators' calls (spec section 7: LiberDiAdmin, ServiceProviderAdmin, ClinicAdmin):
 * providers, clinics, users. Issues 12 and 13 fill this file.
 */
export const administrationRoutes = defineRoutes({
  /** Beyond the spec: the platform's audit trail (DESIGN.md section 5). */
  getPlatformHistory: {
    method: 'GET',
    path: '/liberdiAdmins/{adminId}/history',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    query: historyQuerySchema,
    response: historyPageSchema,
    handler: 'history/get-platform-history',
    keys: ['AUDIT'],
    tenant: { kind: 'platform' },
    audit: 'none',
    thing: 'history',
  },
  /** Beyond the spec: the own provider's audit trail. */
  getProviderHistory: {
    method: 'GET',
    path: '/spadmins/{adminId}/history',
    token: 'session',
    roles: ['ServiceProviderAdmin'],
    self: 'adminId',
    query: historyQuerySchema,
    response: historyPageSchema,
    handler: 'history/get-provider-history',
    keys: ['AUDIT'],
    tenant: { kind: 'own' },
    audit: 'none',
    thing: 'history',
  },
});

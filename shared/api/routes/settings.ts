import { ROLES } from '@shared/roles';
import { settingsListSchema, settingsPayloadSchema } from '@shared/settings';
import { defineRoutes } from '../route-definition';

/** The settings at their three levels (spec section 3, Settings; section 7, Auth). */
export const settingsRoutes = defineRoutes({
  getGlobalSettings: {
    method: 'GET',
    path: '/general/d_update',
    token: 'session',
    roles: ROLES,
    response: settingsListSchema,
    handler: 'general/get-global-settings',
    keys: ['GLOBAL'],
    tenant: { kind: 'platform' },
    audit: 'none',
    thing: 'settings',
  },
  initGlobalSettings: {
    method: 'POST',
    path: '/liberdiAdmins/{adminId}/general/d_update/init',
    token: 'session',
    roles: ['LiberDiAdmin'],
    self: 'adminId',
    body: settingsPayloadSchema(),
    response: settingsListSchema,
    handler: 'general/init-global-settings',
    access: ['table-write'],
    keys: ['GLOBAL'],
    writeKeys: ['GLOBAL', 'AUDIT'],
    tenant: { kind: 'platform' },
    audit: 'write',
    thing: 'settings',
  },
});

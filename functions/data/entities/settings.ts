import { CustomAttributeType } from 'electrodb';
import type { Settings } from '@shared/settings';

/** Settings of a scope: the platform (`GLOBAL`), a provider (`SP#<id>`) or a clinic (`CLINIC#<id>`); effective values merge clinic over provider over global. */
export const settingsSchema = {
  model: { entity: 'Settings', version: '2', service: 'pd' },
  attributes: {
    Scope: { type: 'string', required: true, readOnly: true },
    Settings: { type: CustomAttributeType<Partial<Settings>>('any'), required: true },
    UpdatedAt: { type: 'string', required: true },
    UpdatedBy: { type: 'string' },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['Scope'], template: '${Scope}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'SETTINGS', casing: 'none' },
    },
  },
} as const;

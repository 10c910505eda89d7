/** The data model's version, written once into a table the current code seeded or migrated. */
export const DATA_MODEL_VERSION = 2;

export const dataModelSchema = {
  model: { entity: 'DataModel', version: '2', service: 'pd' },
  attributes: {
    Name: { type: 'string', required: true, readOnly: true },
    Version: { type: 'number', required: true },
    WrittenAt: { type: 'string', required: true },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: [], template: 'META', casing: 'none' },
      sk: { field: 'sk', composite: ['Name'], template: '${Name}', casing: 'none' },
    },
  },
} as const;

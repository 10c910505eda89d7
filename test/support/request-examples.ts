import type { ZodTypeAny } from 'zod';
import { patientUpdateSchema } from '@shared/api/patients';

/**
 * A valid body for a request schema whose empty body is refused, so a table-walking test
 * (test/functions/authorization.test.ts) gets past validation to the tenant check: another tenant's
 * id must answer 404, not the 400 of an empty body. Add the schema of a route with a tenant
 * parameter and required body fields here.
 */
const examples = new Map<ZodTypeAny, unknown>([[patientUpdateSchema, { Pulse: 72 }]]);

/** The example body of a route's request schema, or an empty object when any body will do (or none is registered). */
export function exampleBody(schema: ZodTypeAny | undefined): unknown {
  return (schema && examples.get(schema)) ?? {};
}

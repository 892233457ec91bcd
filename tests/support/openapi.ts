/**
 * Validates answers against the OpenAPI document the worker serves, with a standard validator
 * (ajv, JSON Schema 2020-12): not the zod code the build uses, so the two cannot agree by accident.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

const BASE = 'https://hal-api.test/openapi.json';

export type OpenApiValidator = {
  doc: any;
  /** a validator for a component of the document, e.g. `#/components/schemas/MarketsEnvelope` */
  compile(ref: string): ValidateFunction;
  /** the body validates against the schema the document declares for a path's GET answer */
  expectValid(path: string, body: unknown, status?: number): void;
};

export function openApiValidator(doc: any): OpenApiValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: BASE, components: doc.components });
  const compile = (ref: string) => ajv.compile({ $ref: `${BASE}${ref}` });
  return {
    doc,
    compile,
    expectValid(path, body, status = 200) {
      const schema = doc.paths[path].get.responses[status].content['application/json'].schema;
      const validate = compile(schema.$ref);
      expect(validate(body), `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    },
  };
}

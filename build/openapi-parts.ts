/**
 * What a group of operations gives the OpenAPI document (build/openapi.ts): the zod schema of each
 * answer, the parameters of each operation, and what a CSV answer holds, by operation id.
 */
import type { z } from 'zod';

export type Json = Record<string, unknown>;

export type OperationDocs = {
  schemas: Record<string, z.ZodType | null>;
  parameters: Record<string, Json[]>;
  /** what a CSV answer holds: encoding, columns in order, number format */
  csvDescriptions?: Record<string, string>;
};

/** One parameter object: query unless `where` says otherwise. */
export const parameter = (
  name: string,
  description: string,
  schema: Json,
  required = false,
  where = 'query',
): Json => ({
  name,
  in: where,
  required,
  description,
  schema,
});

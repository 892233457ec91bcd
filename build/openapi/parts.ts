/**
 * What a group of operations gives the OpenAPI document (build/openapi/document.ts): the zod schema of each
 * answer, the parameters of each operation, and what a CSV answer holds, by operation id.
 */
import type { z } from 'zod';
import { RANGE_DAYS } from '../../core/routes.ts';

export type Json = Record<string, unknown>;

export type OperationDocs = {
  schemas: Record<string, z.ZodType | null>;
  parameters: Record<string, Json[]>;
  /** what a CSV answer holds: encoding, columns in order, number format */
  csvDescriptions?: Record<string, string>;
  /** what the operation does beyond its summary */
  descriptions?: Record<string, string>;
  /** an error body narrower than ErrorBody for a status (its `details` in a known shape), by operation */
  errorSchemas?: Record<string, Record<number, z.ZodType>>;
  /** schemas with an id that the answers share, each its own component (else the converter hides them in `__shared`) */
  components?: z.ZodType[];
};

/** How a `range` longer than the most reads, in every operation that takes one. */
export const LONGEST_RANGE = `above ${RANGE_DAYS.max}d counts as ${RANGE_DAYS.max}d`;

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

/** The compatibility prefix's operations (core/compat-routes.ts) in the OpenAPI document. */
import type { OperationDocs } from './openapi-parts.ts';

export const COMPAT_PRICES_DOCS: OperationDocs = { schemas: {}, parameters: {} };

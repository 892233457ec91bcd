/**
 * The content types of the objects a build publishes, by file extension: the build writes them
 * (build/writer.ts, build/pages/public.ts) and the worker checks what its origin answers against
 * them (edge/origin/http.ts), so an error page a proxy answered with 200 is never served as an object.
 */
export const JSON_TYPE = 'application/json; charset=utf-8';
export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

export const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.json': JSON_TYPE,
  '.ndjson': NDJSON_TYPE,
  '.html': HTML_TYPE,
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** The type a published object at `path` has (a brotli twin has its object's); null for an extension no object has. */
export function mediaTypeOf(path: string): string | null {
  const name = path.endsWith('.br') ? path.slice(0, -'.br'.length) : path;
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') ? (TYPES_BY_EXTENSION[name.slice(dot)] ?? null) : null;
}

/** `application/json; charset=utf-8` → `application/json` */
export const essence = (contentType: string): string => contentType.split(';')[0]!.trim().toLowerCase();

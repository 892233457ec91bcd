/**
 * Our stored objects are JSON, NDJSON, HTML or CSV text, which never starts with gzip's magic
 * bytes: the build stores partitions and evidence gzip-encoded and the publisher every text
 * object, and whether a reader gets them decoded depends on its HTTP client, so readers check.
 */
export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;

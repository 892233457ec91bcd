/** The contract's request id rules: echo a client id of 8–128 of [A-Za-z0-9._:-], else a new UUID. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The sent id without the optional whitespace HTTP allows around a field value (RFC 9110 §5.5: spaces and tabs). */
export function requestIdOf(request: Request): string {
  const sent = request.headers.get('x-request-id')?.replace(/^[ \t]+|[ \t]+$/g, '');
  return sent !== undefined && CLIENT_ID.test(sent) ? sent : crypto.randomUUID();
}

/** The contract's request id rules: echo a client id of 8–128 of [A-Za-z0-9._:-], else a new UUID. */
const CLIENT_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(request: Request): string {
  const sent = request.headers.get('x-request-id');
  return sent !== null && CLIENT_ID.test(sent) ? sent : crypto.randomUUID();
}

/**
 * How long a send may wait: each wait of the SMTP session (the connection, every reply) ends after
 * `STEP_TIMEOUT_MS`, and the whole send after `SEND_DEADLINE_MS`, so a dead or stalling server fails
 * the request in seconds, not minutes. Apart from the transport, so the tests read them without it.
 */
export const STEP_TIMEOUT_MS = 4_000;
export const SEND_DEADLINE_MS = 8_000;

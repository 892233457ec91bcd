/**
 * The alert operations: the only ones that write, and the only ones with a method other than GET
 * and HEAD. The worker routes them apart from the read table (edge/alerts/), every answer
 * `no-store`; the OpenAPI document declares them from this table, with the manage token as their
 * security where they need it, while every read operation keeps empty security.
 */
import { COMPAT_PREFIX } from './compat/routes.ts';

type AlertMethod = 'GET' | 'POST' | 'DELETE';

export type AlertOperation = {
  method: AlertMethod;
  path: string;
  operationId: string;
  summary: string;
  /** every status the operation answers with besides 429 and 500, which every operation may send */
  statuses: number[];
  /** the manage token is required (`Authorization: Bearer …`) */
  token: 'required' | 'optional' | 'none';
  /** the compatibility prefix's twin: the variant's keys alone */
  compat: boolean;
};

/** The request header a manage token is sent in: never the URL of an API call, which a log or a cache may keep. */
export const TOKEN_HEADER = 'authorization';
export const TOKEN_SCHEME = 'Bearer';

const operations = (prefix: string, compat: boolean): AlertOperation[] => {
  const id = (name: string) => (compat ? `compat${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  return [
    {
      method: 'POST',
      path: `${prefix}/alerts`,
      operationId: id('createAlert'),
      summary: 'Creates a pending price alert and mails its address a confirmation link (double opt-in)',
      statuses: [202, 400, 503],
      token: 'none',
      compat,
    },
    {
      method: 'GET',
      path: `${prefix}/alerts`,
      operationId: id('listAlerts'),
      summary:
        "The alerts of the manage token's address; with `email` and no token, mails that address a manage link (202)",
      statuses: [200, 202, 400, 401, 503],
      token: 'optional',
      compat,
    },
    {
      method: 'DELETE',
      path: `${prefix}/alerts/{id}`,
      operationId: id('deleteAlert'),
      summary: "Deletes one of the manage token's alerts",
      statuses: [200, 400, 401, 404, 503],
      token: 'required',
      compat,
    },
  ];
};

export const ALERT_OPERATIONS: readonly AlertOperation[] = [
  ...operations('', false),
  ...operations(COMPAT_PREFIX, true),
];

// The response envelope and the codes of spec section 7/8. Every answer is { code, data, msg };
// code '0' is success. A handler throws AppError; the error handler (app.ts) turns it into the
// envelope in the caller's language. Nothing else reaches the client: never a stack trace.
import type { MessageKey } from './messages.ts';

export const Code = {
  ok: '0',
  invalid: '40000',
  badCredentials: '40100',
  loginExpired: '40102',
  forbidden: '40103',
  captcha: '40104',
  locked: '40105',
  disabled: '40106',
  notEnabled: '40107',
  /** The caller must confirm first (a warning): the same request again with confirmed=1 goes through. */
  confirm: '40108',
  notFound: '40400',
  unknownSite: '40401',
  conflict: '40900',
  tooLarge: '41300',
  tooMany: '42900',
  unsupportedType: '41500',
  error: '50000',
  /** An area whose schema files are broken is out of service (server/schemas/quarantine.ts). */
  unavailable: '50300',
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    readonly messageKey: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly data: unknown = null,
    /** HTTP status: 200 for business refusals (the client reads `code`), 4xx for transport faults. */
    readonly status = 200,
  ) {
    super(messageKey);
  }
}

/** A flood refused (HTTP 429): the answer says how long to wait, also in Retry-After. */
export class TooManyRequests extends AppError {
  constructor(
    messageKey: MessageKey,
    readonly retryAfterSeconds: number,
  ) {
    super(Code.tooMany, messageKey, { seconds: retryAfterSeconds }, { retryAfter: retryAfterSeconds }, 429);
  }
}

export interface Envelope<T> {
  code: string;
  data: T;
  msg: string;
}

// Signed links from the district's project system (DOMAIN.md: the `info` query decodes to
// { billType, id }). The district signs, we check; both hold the site's shared secret
// (config integration.haidianSecret). Format, version 1 (docs/budget-sources.md):
//
//   info    = "v1." + payload + "." + signature
//   payload = base64url(UTF-8 JSON { "site": "<site key>", "billType": "contractForm", "id": "P-1001",
//                                    "iat": <issued, unix seconds>, "exp": <expires, unix seconds> })
//   signature = base64url(HMAC-SHA256(secret, "v1." + payload))        (base64url without padding)
//
// A link is refused when its signature does not match (tampered, or another secret), when it was
// made for another site, when it has expired, or when it claims to be issued in the future.
import crypto from 'node:crypto';
import { AppError, Code } from '../../../platform/errors.ts';
import type { BillLink } from './types.ts';

const VERSION = 'v1';
/** Clocks of the two systems may differ this much. */
const SKEW_SECONDS = 300;
export const MAX_INFO_LENGTH = 4096;
const BILL_TYPE = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
const ID = /^[A-Za-z0-9._:-]{1,64}$/;

function sign(secret: string, signed: string): string {
  return crypto.createHmac('sha256', secret).update(signed).digest('base64url');
}

/**
 * Makes a link's `info` the way the district system must (tests, and a site's own tools).
 * `now` and `ttlSeconds` default to the present and one hour.
 */
export function signBillLink(
  secret: string,
  link: BillLink & { site: string },
  options: { now?: Date; ttlSeconds?: number } = {},
): string {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const payload = Buffer.from(
    JSON.stringify({ site: link.site, billType: link.billType, id: link.id, iat, exp: iat + (options.ttlSeconds ?? 3600) }),
    'utf8',
  ).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${sign(secret, signed)}`;
}

/** The link's { billType, id } when it is genuine, for this site and in time; else an AppError. */
export function verifyBillLink(secret: string, info: string, siteKey: string, now: Date): BillLink {
  const invalid = () => new AppError(Code.invalid, 'link.invalid');
  const text = info.trim();
  if (!text || text.length > MAX_INFO_LENGTH) throw invalid();
  const parts = text.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !/^[A-Za-z0-9_-]+$/.test(parts[1]!) || !/^[A-Za-z0-9_-]+$/.test(parts[2]!))
    throw invalid();
  const expected = Buffer.from(sign(secret, `${parts[0]}.${parts[1]}`), 'base64url');
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw invalid();
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw invalid();
  const { site, billType, id, iat, exp } = claims;
  if (site !== siteKey) throw invalid();
  if (typeof billType !== 'string' || !BILL_TYPE.test(billType)) throw invalid();
  const idOk = (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) || (typeof id === 'string' && ID.test(id));
  if (!idOk) throw invalid();
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp) || exp < iat)
    throw invalid();
  const seconds = now.getTime() / 1000;
  if (iat > seconds + SKEW_SECONDS) throw invalid();
  if (exp < seconds) {
    throw new AppError(Code.invalid, 'link.expired', { time: new Date(exp * 1000).toISOString().replace('T', ' ').slice(0, 19) });
  }
  return { billType, id: id as string | number };
}

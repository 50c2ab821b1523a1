// Answers that many requests share (a user's menus and info, a site's base info) are serialised
// and compressed once when cached, then sent as they are: brotli or gzip to clients that accept
// it, and 304 to a client that already holds the same ETag.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../validators/locale.ts';
import { Code } from './errors.ts';
import { t } from './messages.ts';

export interface CachedBody {
  json: string;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

/** The success envelope around `data`, ready to send. */
export function cachedEnvelope(data: unknown, locale: Locale): CachedBody {
  const json = JSON.stringify({ code: Code.ok, data, msg: t('ok', locale) });
  return {
    json,
    gzip: zlib.gzipSync(json, { level: 9 }),
    br: zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${crypto.createHash('sha1').update(json).digest('base64url')}"`,
  };
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody) {
  reply
    .header('etag', body.etag)
    .header('vary', 'accept-encoding, accept-language, token')
    .header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.json);
}

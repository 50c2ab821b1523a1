// The success envelope of spec section 7 ({ code: '0', data, msg }) with msg in the caller's language.
import type { FastifyRequest } from 'fastify';
import { Code } from './errors.ts';
import { t, type MessageKey } from './messages.ts';

export function ok(request: FastifyRequest, data: unknown, msg: MessageKey = 'ok', params?: Record<string, string | number>) {
  return { code: Code.ok, data, msg: t(msg, request.locale, params) };
}

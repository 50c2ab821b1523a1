// What a test asks of an API answer: success (its data), or a clear refusal — never a 500 — whose
// message may be checked.
import { expect } from 'vitest';
import type { Reply } from './server.ts';

export function ok<T = any>(r: Reply<T>): T {
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.data;
}

export function refused(r: Reply, pattern?: RegExp): string {
  expect(r.status).toBeLessThan(500);
  expect(r.body.code, r.body.msg).not.toBe('0');
  if (pattern) expect(r.body.msg).toMatch(pattern);
  return r.body.msg;
}

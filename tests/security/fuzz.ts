// Runs the corpus against a server and counts what an operator would look for: answers that are
// HTTP 5xx, answers with code 50000 (a system error), requests that got no answer at all.
import { call, type Answer } from './child.ts';
import {
  CLASSES,
  corpusOf,
  operationsOf,
  requiredTexts,
  sample,
  type Case,
  type InputClass,
  type Json,
  type Operation,
  type World,
} from './corpus.ts';

export interface Failure {
  klass: InputClass;
  target: string;
  method: string;
  url: string;
  status: number;
  code: string;
  msg: string;
}

export interface FuzzResult {
  operations: number;
  tried: number;
  http5xx: number;
  systemErrors: number;
  noAnswer: number;
  /** Cases per input class, and how many of them failed. */
  byClass: Record<string, { tried: number; failed: number }>;
  /** Answer codes per input class ('40000' a parameter error, '40102' no session...). */
  codes: Record<string, Record<string, number>>;
  /** Requests without a session to an operation that needs one that were not answered 40102. */
  anonymousServed: Failure[];
  failures: Failure[];
  ms: number;
}

export const SEED = 20_260_313;

/** What the corpus needs to know of the site, read through the API as the admin. */
export async function worldOf(port: number, token: string, ops: Operation[]): Promise<World> {
  const ids = new Map<string, number>();
  for (const op of ops.filter((o) => o.verb === 'page' && o.method === 'GET')) {
    const r = await call(port, `${op.path}?pageNum=1&pageSize=1&sortField=id&sortOrder=desc`, { token });
    const id = Number(r.body.data?.records?.[0]?.id);
    if (Number.isSafeInteger(id) && id > 0 && !ids.has(op.tag)) ids.set(op.tag, id);
  }
  const types = new Set<string>();
  const walk = (v: Json) => {
    if (!v || typeof v !== 'object') return;
    if (typeof v.description === 'string') {
      const m = /^dict (\w+)/.exec(v.description);
      if (m) types.add(m[1]!);
    }
    for (const x of Object.values(v)) walk(x);
  };
  for (const op of ops) walk(op.body);
  const dicts = new Map<string, string>();
  if (types.size) {
    const r = await call(port, `/api/core/dictData/getDictByTypes?dictTypes=${[...types].join(',')}`, { token });
    for (const [type, entries] of Object.entries<Json>(r.body.data ?? {})) {
      const first = Array.isArray(entries) ? entries[0] : undefined;
      if (first) dicts.set(type, String(first.dictValue ?? first.value));
    }
  }
  return { idOf: (e) => ids.get(e), dict: (t) => dicts.get(t) };
}

export interface FuzzOptions {
  port: number;
  /** The admin of site demo. */
  token: string;
  doc: Json;
  concurrency?: number;
  extraPerOperation?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Every request goes from its own address, so the sign-in limits per address never stop the corpus. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export async function runFuzz(o: FuzzOptions): Promise<FuzzResult & { cases: Case[] }> {
  const started = Date.now();
  const ops = operationsOf(o.doc);
  const world = await worldOf(o.port, o.token, ops);
  const cases = corpusOf(ops, { seed: o.seed ?? SEED, world, extraPerOperation: o.extraPerOperation ?? 4, heavyCases: 6 });
  const byClass: FuzzResult['byClass'] = Object.fromEntries(CLASSES.map((k) => [k, { tried: 0, failed: 0 }]));
  const failures: Failure[] = [];
  const codes: FuzzResult['codes'] = {};
  const anonymousServed: Failure[] = [];
  let http5xx = 0;
  let systemErrors = 0;
  let noAnswer = 0;
  let next = 0;
  let done = 0;
  const one = async (c: Case, n: number) => {
    // Signing out would end the admin's session for the rest of the corpus: that one goes without it.
    const anonymous = c.anonymous || c.url.startsWith('/api/auth/logout');
    let answer: Answer | null = null;
    let error = '';
    try {
      answer = await call(o.port, c.url, {
        method: c.method,
        rawBody: c.rawBody,
        token: anonymous ? undefined : o.token,
        site: 'demo',
        lang: 'en-US',
        headers: { 'x-forwarded-for': addressOf(n), ...c.headers },
        timeoutMs: 60_000,
      });
    } catch (err) {
      answer = null;
      error = (err as Error).message;
    }
    const stats = byClass[c.klass]!;
    stats.tried++;
    const status = answer?.status ?? 0;
    const code = answer?.body.code ?? '';
    const bad = !answer || status >= 500 || code === '50000';
    if (!answer) noAnswer++;
    if (status >= 500) http5xx++;
    if (code === '50000') systemErrors++;
    const tally = (codes[c.klass] ??= {});
    tally[code || String(status)] = (tally[code || String(status)] ?? 0) + 1;
    if (c.klass === 'no-session' && c.op.permission !== 'public' && answer && code !== '40102') {
      anonymousServed.push({
        klass: c.klass,
        target: c.target,
        method: c.method,
        url: c.url.slice(0, 200),
        status,
        code,
        msg: answer.body.msg,
      });
    }
    if (bad) {
      stats.failed++;
      failures.push({
        klass: c.klass,
        target: c.target,
        method: c.method,
        url: c.url.slice(0, 200),
        status,
        code,
        msg: answer?.body.msg ?? `no answer: ${error}`,
      });
    }
  };
  const worker = async () => {
    while (next < cases.length) {
      const n = next++;
      await one(cases[n]!, n);
      done++;
      if (done % 500 === 0) o.onProgress?.(done, cases.length);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? 4 }, worker));
  return {
    operations: ops.length,
    tried: cases.length,
    http5xx,
    systemErrors,
    noAnswer,
    byClass,
    codes,
    anonymousServed,
    failures,
    cases,
    ms: Date.now() - started,
  };
}

/**
 * Every required free-text field of every entity's save body, sent whitespace alone (spaces, a tab,
 * U+3000) in an otherwise valid body: each must be refused with the field's 'required' message.
 */
export async function blankCheck(port: number, token: string, doc: Json) {
  const saves = operationsOf(doc).filter((o) => o.verb === 'save' && o.body);
  const world = await worldOf(port, token, saves);
  const wrong: string[] = [];
  let accepted = 0;
  let fields = 0;
  for (const op of saves) {
    const base = sample('body', op.body, world);
    for (const { name, title } of requiredTexts(op)) {
      fields++;
      const r = await call(port, op.path, { body: { ...base, [name]: ' \t\u3000 ' }, token, site: 'demo', lang: 'en-US' });
      if (r.body.code === '0') accepted++;
      if (r.body.msg !== `Invalid request: ${title} is required`) wrong.push(`${op.path} ${name}: ${r.body.code} ${r.body.msg}`);
    }
  }
  return { fields, accepted, wrong };
}

// Part 1 of the security campaign (issue 13): a generated fuzz corpus over every operation of
// GET /api/docs, sent to the real server (its own process, its own database) as the admin of site
// demo and, for part of it, without a session. What an operator would look for, counted: answers
// with HTTP 5xx, answers with code 50000 (a system error), requests with no answer, and lines of the
// server's own log saying 'unhandled error' (or anything else at level error). Goal: 0 of each.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorLines, startChild, storageFrom, type ChildServer } from './child.ts';
import { recordFigures } from './figures.ts';
import { blankCheck, runFuzz, SEED, type FuzzResult } from './fuzz.ts';

let server: ChildServer;
let drop: () => Promise<void> = async () => {};
let token: string;

beforeAll(async () => {
  const storage = await storageFrom(inject('dbTemplate'));
  drop = storage.drop;
  server = await startChild(storage.dataDir, storage.env);
  token = await server.login('admin', 'Admin@12345');
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await drop();
});

describe('the fuzz corpus', () => {
  let result: FuzzResult;

  it('never ends in a system error, a 5xx, a missing answer or an error in the log', async () => {
    const docs = await server.call('/api/docs', { token });
    expect(docs.status).toBe(200);
    const doc = JSON.parse(docs.raw);
    result = await runFuzz({ port: server.port, token, doc, seed: SEED });
    const { errors, unhandled } = errorLines(server.log);
    // The campaign's own figures, for the summary and the bench section.
    recordFigures('fuzz', {
      operations: result.operations,
      requestsTried: result.tried,
      http5xx: result.http5xx,
      systemErrors: result.systemErrors,
      noAnswer: result.noAnswer,
      unhandledErrorLines: unhandled.length,
      errorLogLines: errors.length,
      byClass: result.byClass,
      failures: result.failures
        .slice(0, 20)
        .map(({ klass, method, url, target, status, code }) => ({ klass, method, url, target, status, code })),
    });
    console.log(
      `fuzz corpus (seed ${SEED}): ${result.operations} operations, ${result.tried} requests in ${(result.ms / 1000).toFixed(1)} s; ` +
        `5xx ${result.http5xx}, system errors ${result.systemErrors}, no answer ${result.noAnswer}, ` +
        `'unhandled error' log lines ${unhandled.length}, error log lines ${errors.length}\n` +
        Object.entries(result.byClass)
          .map(([k, v]) => `  ${k.padEnd(22)} ${String(v.tried).padStart(5)} tried ${String(v.failed).padStart(4)} failed`)
          .join('\n'),
    );
    // Every operation of the description was tried, each with several wrong inputs.
    expect(result.operations).toBeGreaterThan(300);
    expect(result.tried).toBeGreaterThan(result.operations * 10);
    if (result.noAnswer) console.log(`the server's last words:\n${server.log.slice(-60).join('\n')}`);
    expect(result.failures.slice(0, 40), 'answers that were system errors, 5xx or none').toEqual([]);
    expect(result.http5xx).toBe(0);
    expect(result.systemErrors).toBe(0);
    expect(result.noAnswer).toBe(0);
    expect(unhandled.slice(0, 5), "the server's log").toEqual([]);
    expect(errors.slice(0, 5), "the server's log at level error").toEqual([]);
  }, 600_000);

  it('reached the handlers: the admin stayed signed in, wrong text was refused as parameter errors, no session got nothing', async () => {
    const info = await server.call('/api/core/user/info', { token });
    expect(info.body.code, 'the corpus never ended the admin session').toBe('0');
    // A NUL in a field is refused as a parameter error (40000) in most operations: the corpus got
    // past the gate to the validation of each (the rest are parameters an operation does not read).
    const nul = result.codes['nul-byte'] ?? {};
    const nulTried = Object.values(nul).reduce((a, b) => a + b, 0);
    expect((nul['40000'] ?? 0) / nulTried).toBeGreaterThan(0.5);
    expect(result.codes['deep-10000']).toEqual({ '40000': result.byClass['deep-10000']!.tried });
    // Without a session, every operation that needs one answers 40102 and nothing else.
    expect(result.anonymousServed.slice(0, 10)).toEqual([]);
    expect(result.byClass['no-session']!.tried).toBeGreaterThan(300);
  });

  it("refuses whitespace alone in every required text field of every entity, with the field's 'required' message", async () => {
    const doc = JSON.parse((await server.call('/api/docs?lang=en-US', { token })).raw);
    const { fields, accepted, wrong } = await blankCheck(server.port, token, doc);
    recordFigures('blank', { requiredTextFields: fields, accepted, otherAnswers: wrong.length });
    console.log(
      `whitespace alone: ${fields} required text fields, ${accepted} took it, ${wrong.length} answered otherwise than 'required'`,
    );
    expect(fields).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

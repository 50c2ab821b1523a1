// Part 5 of the security campaign: kill -9 under load. The real server runs as its own process on
// its own data directory; several clients save dictionary types and notices through the API and
// note every write the server acknowledged (code '0' with its id). Mid-load the process is killed
// with SIGKILL — no shutdown, no flush — and started again on the same data directory (its pid file
// left behind). Every acknowledged write must be there, as it was acknowledged. Goal: 0 lost.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startChild, storageFrom, type ChildServer } from './child.ts';
import { recordFigures } from './figures.ts';

let server: ChildServer;
let storage: Awaited<ReturnType<typeof storageFrom>>;

beforeAll(async () => {
  storage = await storageFrom(inject('dbTemplate'));
  server = await startChild(storage.dataDir, storage.env);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await storage?.drop();
});

interface Ack {
  kind: 'dictType' | 'notice';
  id: number;
  key: string;
}

const CLIENTS = 6;

describe('kill -9 under load', () => {
  it('keeps every write it acknowledged', async () => {
    const token = await server.login('admin', 'Admin@12345');
    const acks: Ack[] = [];
    let sent = 0;
    let killed = false;
    const client = async (c: number) => {
      for (let n = 0; !killed; n++) {
        sent++;
        const key = `k9_${c}_${n}`;
        const notice = c % 2 === 1;
        const body = notice
          ? { type: '1', title: `断电测试 ${key}`, content: `kill -9 ${key}`, rangeType: '0' }
          : { dictName: `断电测试 ${key}`, dictType: key };
        try {
          const r = await server.call(notice ? '/api/core/notice/save' : '/api/core/dictType/save', {
            body,
            token,
            timeoutMs: 20_000,
          });
          if (r.body.code === '0') acks.push({ kind: notice ? 'notice' : 'dictType', id: Number(r.body.data.id), key });
          else if (!killed) throw new Error(`a write was refused before the kill: ${r.body.code} ${r.body.msg}`);
        } catch (err) {
          if (!killed) throw err;
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    // Mid-load: once the server has acknowledged a good number of writes, with more in flight.
    const started = Date.now();
    while (acks.length < 80 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    await server.kill9();
    await load;
    const acknowledged = acks.length;
    expect(acknowledged).toBeGreaterThanOrEqual(80);

    const restartAt = Date.now();
    server = await startChild(storage.dataDir, storage.env);
    const restartSeconds = Math.round((Date.now() - restartAt) / 100) / 10;
    const again = await server.login('admin', 'Admin@12345');
    const lost: Ack[] = [];
    for (const ack of acks) {
      const path = ack.kind === 'notice' ? '/api/core/notice/infoById/' : '/api/core/dictType/infoById/';
      const r = await server.call(`${path}${ack.id}`, { token: again });
      const stored =
        r.body.code === '0' &&
        (ack.kind === 'notice' ? r.body.data.content === `kill -9 ${ack.key}` : r.body.data.dictType === ack.key);
      if (!stored) lost.push(ack);
    }
    recordFigures('kill9', { clients: CLIENTS, acknowledgedWrites: acknowledged, lost: lost.length, restartSeconds });
    console.log(
      `kill -9 under load: ${CLIENTS} clients, ${sent} writes sent, ${acknowledged} acknowledged before the kill, ` +
        `${lost.length} lost; restarted in ${restartSeconds} s`,
    );
    expect(lost).toEqual([]);
    // The restarted server takes writes again.
    const after = await server.call('/api/core/dictType/save', {
      body: { dictName: '重启之后', dictType: 'k9_after' },
      token: again,
    });
    expect(after.body.code, after.body.msg).toBe('0');
  }, 300_000);
});

// Schemas reloaded while the server runs (development, SCHEMA_WATCH=1 as `npm run dev:server` sets
// it): a saved file under schemas/ is checked; if sound, its tables are prepared and the registry
// replaced, the page caches forgotten, and every open browser told through GET /api/schema/events
// (server-sent events), so the page in front of the implementer renders the new definition without
// a restart of either. A file with a problem is named in the log and in the browser; the last sound
// definition keeps serving. A new entity needs a restart: its routes are made at start.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Services } from '../../app.ts';
import { SchemaRegistry } from '../../entities/registry.ts';
import { schemaProblems } from '../../schemas/check.ts';
import { SCHEMAS_DIR } from '../../schemas/files.ts';
import { prepareSchemaTables } from '../../schemas/tables.ts';

export interface ReloadNews {
  ok: boolean;
  /** `schemas/<file> → <pointer>: <message>`, when not ok. */
  problems: string[];
  /** Milliseconds from the file's change to the new registry serving. */
  took: number;
  /** New entities the running server has no routes for (restart to serve them). */
  restart: string[];
}

export class SchemaReloader {
  private readonly listeners = new Set<ServerResponse>();
  private watcher: fs.FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly s: Services) {}

  start(): void {
    this.watcher = fs.watch(SCHEMAS_DIR, { recursive: true }, (_event, file) => {
      if (!file || !/\.(json|bpmn)$/.test(String(file))) return;
      // An editor writes a file in several steps: one reload after the last.
      if (this.timer) clearTimeout(this.timer);
      const changed = Date.now();
      this.timer = setTimeout(() => {
        this.running = this.running.then(async () => void (await this.reload(changed)));
      }, 80);
    });
  }

  async reload(changed = Date.now()): Promise<ReloadNews> {
    const problems = schemaProblems();
    let news: ReloadNews;
    if (problems.length) {
      news = { ok: false, problems, took: Date.now() - changed, restart: [] };
      console.error(`schemas not reloaded: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
      for (const line of problems) console.error(`  ${line}`);
    } else {
      const before = new Set(this.s.schemas.baseEntities().map((e) => e.name));
      await prepareSchemaTables(this.s.database.db);
      const next = await SchemaRegistry.load(this.s.database.db);
      const restart = next
        .baseEntities()
        .map((e) => e.name)
        .filter((name) => !before.has(name));
      this.s.schemas = next;
      await this.s.cache.invalidateAll();
      news = { ok: true, problems: [], took: Date.now() - changed, restart };
      console.log(`schemas reloaded in ${news.took} ms${restart.length ? `; restart to serve ${restart.join(', ')}` : ''}`);
    }
    const event = `data: ${JSON.stringify(news)}\n\n`;
    for (const listener of this.listeners) listener.write(event);
    return news;
  }

  routes(app: FastifyInstance): void {
    app.get('/schema/events', { config: { permission: 'public', site: false } }, (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': schemas are watched\n\n');
      this.listeners.add(res);
      request.raw.on('close', () => this.listeners.delete(res));
    });
  }

  close(): void {
    this.watcher?.close();
    if (this.timer) clearTimeout(this.timer);
    for (const listener of this.listeners) listener.end();
    this.listeners.clear();
  }
}

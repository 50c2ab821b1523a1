// Schemas reloaded while the server runs (development, SCHEMA_WATCH=1 as `npm run dev:server` sets
// it): a saved file under schemas/ is checked; if sound, its tables are prepared and the registry
// replaced, the page caches forgotten, and every open browser told through GET /api/schema/events
// (server-sent events), so the page in front of the implementer renders the new definition without
// a restart of either. A file with a problem is named in the log and in the browser; its area keeps
// its last sound definition while every other area takes the new one (issue 35). A new entity needs a restart: its routes are made at start.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Services } from '../../platform/services.ts';
import { SchemaRegistry } from '../../entities/registry.ts';
import { reassessSchemas } from '../../schemas/quarantine.ts';
import { healthReport, type HealthReport } from './health.ts';
import { SCHEMAS_DIR } from '../../schemas/files.ts';
import { prepareSchemaTables } from '../../schemas/tables.ts';
import { redeployProcesses } from '../../seed/sync.ts';

export interface ReloadNews {
  ok: boolean;
  /** `schemas/<file> → <pointer>: <message>`, when not ok. */
  problems: string[];
  /** The problems by area with the areas out of service (the administrator's banner). */
  health: HealthReport;
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
        // A reload that fails (the database gone at shutdown, a lost connection) is told, never an
        // unhandled rejection that ends the process; the next change reloads again.
        this.running = this.running
          .then(() => this.reload(changed))
          .then(
            () => undefined,
            (e: Error) => console.error(`schemas: reload failed: ${e.message}`),
          );
      }, 80);
    });
  }

  async reload(changed = Date.now()): Promise<ReloadNews> {
    // One bad file never stops the reload (issue 35): the area it belongs to keeps its last sound
    // version (server/schemas/quarantine.ts), every other area takes the new one.
    const health = reassessSchemas();
    const problems = health.problems.map((p) => `schemas/${p.file} → ${p.pointer || '(whole file)'}: ${p.message}`);
    const before = new Set(this.s.schemas.baseEntities().map((e) => e.name));
    await prepareSchemaTables(this.s.database.db);
    const next = await SchemaRegistry.load(this.s.database.db);
    const restart = next
      .baseEntities()
      .map((e) => e.name)
      .filter((name) => !before.has(name));
    this.s.schemas = next;
    // A changed, sound process (base or a site's) is deployed at once; one with a problem keeps the
    // version deployed (issue 35). A failure here is told, never the end of the reload.
    try {
      await redeployProcesses(this.s.database.db);
    } catch (e) {
      console.error(`schemas: processes not deployed at the reload: ${(e as Error).message}`);
    }
    await this.s.cache.invalidateAll();
    const news: ReloadNews = { ok: !problems.length, problems, health: healthReport(), took: Date.now() - changed, restart };
    if (problems.length)
      console.error(
        `schemas reloaded with ${problems.length} problem${problems.length === 1 ? '' : 's'}: the areas named keep their last sound version`,
      );
    else console.log(`schemas reloaded in ${news.took} ms${restart.length ? `; restart to serve ${restart.join(', ')}` : ''}`);
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

  /** Stops watching; resolves when a reload under way has finished, before the database closes. */
  async close(): Promise<void> {
    this.watcher?.close();
    if (this.timer) clearTimeout(this.timer);
    for (const listener of this.listeners) listener.end();
    this.listeners.clear();
    await this.running;
  }
}

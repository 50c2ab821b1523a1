// `npm start`: open (or create and seed) the database, serve the API and the web app.
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { schemaHealth } from './schemas/quarantine.ts';
import { systemClock } from './platform/clock.ts';
import { readConfig } from './platform/config.ts';
import { loadSecret } from './platform/secret.ts';
import { startScheduler } from './platform/jobs.ts';

const config = readConfig();
const started = Date.now();
// A schema an implementer broke takes out its area only (issue 35): every problem is named in the
// log (file and place), the areas without problems serve.
const health = schemaHealth();
if (health.problems.length) {
  console.error(
    `内控系统: ${health.problems.length} schema problem${health.problems.length === 1 ? '' : 's'}; areas out of service: ${[...health.out.keys()].join(', ') || 'none'}`,
  );
}
const { database, migrated, seeded } = await prepareDatabase(config, systemClock).catch((err: Error) => {
  // A start-up refusal (data directory in use, unreachable PostgreSQL) is a sentence, not a trace.
  console.error(`内控系统 could not start: ${err.message}`);
  process.exit(1);
});
const { app, services } = await buildApp({ config, database, secret: loadSecret(config.secret, config.dataDir) });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // Requests in flight get ten seconds to finish.
    setTimeout(() => process.exit(1), 10_000).unref();
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
// Scheduled jobs (contract notices each morning) run in the serving process only.
startScheduler(services);
const port = (app.server.address() as { port: number }).port;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
const lines = [
  '',
  `  内控系统 v2.5.44 is running: http://localhost:${port}/`,
  `  Other organisation:        http://city.localhost:${port}/`,
  `  Storage: ${where}${migrated.length ? `, migrations applied: ${migrated.join(', ')}` : ''}${
    seeded.created.length ? `, demo organisations created: ${seeded.created.join(', ')}` : ''
  } (${Date.now() - started} ms)`,
  '',
  '  Sign in (site demo, 示范区第一中学): admin / Admin@12345',
  '                                      principal, secretary, finance, head, staff, cashier, buyer, assets, dispatcher, sealkeeper, auditor / Demo@12345',
  '                                      newcomer / Demo@12345 (must change the password)',
  '  Sign in (site city, 市第一医院):     cityadmin, citystaff, citybuyer, cityassets, citydispatcher, cityhead, cityfinance, citycashier, citydean / City@12345',
  '',
];
console.log(lines.join('\n'));

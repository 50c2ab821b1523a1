// Part 2 of the security campaign: one organisation never reads another's rows. For every entity
// of the schemas kept per site, the rows of one site (demo, then city) are looked for in what the
// other site's administrator reads: page, list, infoById, export (the spreadsheet's cells), and
// every other read under the entity's path that the API description lists (pickers, trees).
// The other site's token sent to the first site's host is refused outright. Goal: 0 leaks.
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../server/entities/model.ts';
import { startServer, type TestServer } from '../support/server.ts';
import { operationsOf, type Operation } from './corpus.ts';
import { recordFigures } from './figures.ts';

type Row = Record<string, any>;
type Site = 'demo' | 'city';

let server: TestServer;
const tokens: Record<Site, string> = { demo: '', city: '' };
let ops: Operation[] = [];
const leaks: string[] = [];
let reads = 0;
const covered = new Set<string>();
/** Entities whose rows their own site's administrator does see through the same reads (the control). */
const seenByOwner = new Set<string>();

beforeAll(async () => {
  server = await startServer();
  tokens.demo = await server.login('admin', 'Admin@12345');
  tokens.city = await server.login('cityadmin', 'City@12345', 'city');
  ops = operationsOf(JSON.parse((await server.get('/api/docs', { token: tokens.demo })).raw));
});
afterAll(async () => {
  recordFigures('crossSite', { entities: covered.size, reads, leaks: leaks.length });
  await server?.close();
});

const db = () => server.database.db as unknown as Kysely<any>;
const siteId = (site: Site) => server.services.sites.get(site)!.id;
const other = (site: Site): Site => (site === 'demo' ? 'city' : 'demo');

/** The rows of an entity in a site: ids, the years they belong to, the texts they hold. */
async function rowsOf(e: EntityDef, site: Site) {
  const rows = // Enough rows that a site's texts are all there (the menu table passes 500 rows a site, the
  // audit trail several thousand — its table names are every site's words): a text is the owner's
  // alone only if the reader has no row with it.
  (
    await sql<Row>`select * from ${sql.table(e.table)} where top_dept_id = ${siteId(site)} order by id desc limit 100000`.execute(
      db(),
    )
  ).rows;
  const yearField = e.year ? e.byName.get(e.year) : undefined;
  const texts = new Set<string>();
  for (const r of rows)
    for (const f of e.fields)
      if ((f.type === 'string' || f.type === 'text') && !f.hidden && !f.writeOnly && typeof r[f.column] === 'string')
        texts.add(r[f.column]);
  return {
    ids: new Set(rows.map((r) => Number(r.id))),
    years: [...new Set(rows.map((r) => (yearField ? String(r[yearField.column]) : '')).filter(Boolean))].slice(0, 3),
    texts,
  };
}

/** Every `id` of an object in an answer, at any depth. */
function idsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) idsIn(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Row;
    if (typeof o.id === 'number' || (typeof o.id === 'string' && /^\d+$/.test(o.id))) out.push(Number(o.id));
    // A logged request's parameters are the caller's own words (a city form's {id: 6} is the city's
    // row 6 of another table), not rows of this entity: not looked into.
    for (const [k, v] of Object.entries(o)) if (v && typeof v === 'object' && k !== 'params') idsIn(v, out);
  }
  return out;
}

async function cellsOf(path: string, reader: Site, year: string): Promise<Set<string> | null> {
  const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    headers: { token: tokens[reader], hostname: reader === 'demo' ? 'localhost' : 'city.localhost', year },
  });
  reads++;
  if (!(r.headers.get('content-type') ?? '').includes('spreadsheet')) return null;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await r.arrayBuffer()) as never);
  const cells = new Set<string>();
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.add(String(cell.text)))));
  return cells;
}

async function readAs(reader: Site, path: string, year: string) {
  reads++;
  return server.get(path, { token: tokens[reader], site: reader, headers: { year } });
}

/** Looks for the owner's rows of the entity in everything the reader reads. */
async function lookFor(e: EntityDef, owner: Site) {
  const reader = other(owner);
  const mine = await rowsOf(e, owner);
  if (!mine.ids.size) return;
  covered.add(e.name);
  const theirs = await rowsOf(e, reader);
  // Texts only the owner has (a dictionary both sites hold reads the same in both).
  const distinctive = [...mine.texts].filter((t) => t.length >= 4 && !theirs.texts.has(t) && !/^[\d\s.:-]+$/.test(t));
  const leak = (how: string, detail: string) => leaks.push(`${owner} ${e.name} read by ${reader} through ${how}: ${detail}`);
  const years = mine.years.length ? mine.years : [String(new Date().getFullYear())];
  const readOps = ops.filter((o) => o.method === 'GET' && o.tag === e.name && !o.params.some((p) => p.in === 'path'));
  for (const year of years) {
    // The control: the owner's own administrator reads the owner's rows through the same endpoints.
    const own = readOps.find((o) => o.verb === 'page') ?? readOps.find((o) => o.verb === 'list');
    if (own) {
      const r = await readAs(owner, `${own.path}${own.verb === 'page' ? '?pageNum=1&pageSize=100' : ''}`, year);
      if (idsIn(r.body.data).some((id) => mine.ids.has(id))) seenByOwner.add(`${owner} ${e.name}`);
    }
    for (const op of readOps.filter((o) => o.verb !== 'export')) {
      const query = op.verb === 'page' ? '?pageNum=1&pageSize=100' : '';
      const r = await readAs(reader, `${op.path}${query}`, year);
      const seen = idsIn(r.body.data).filter((id) => mine.ids.has(id) && !theirs.ids.has(id));
      if (seen.length) leak(`GET ${op.path} (year ${year})`, `ids ${seen.slice(0, 5).join(', ')}`);
    }
    if (readOps.some((o) => o.verb === 'export')) {
      const cells = await cellsOf(`/api${e.api}/export`, reader, year);
      const found = cells ? distinctive.filter((t) => cells.has(t)) : [];
      if (found.length) leak(`GET /api${e.api}/export (year ${year})`, found.slice(0, 3).join(' | '));
    }
  }
  const infoById = ops.find((o) => o.tag === e.name && o.verb === 'infoById');
  for (const id of [...mine.ids].slice(0, 5)) {
    if (!infoById) break;
    const r = await readAs(reader, infoById.path.replace('{id}', String(id)), years[0]!);
    if (r.body.code === '0') leak(`GET ${infoById.path}`, `id ${id}`);
  }
  // The reader's token at the owner's address: another site's session is no session here.
  const page = ops.find((o) => o.tag === e.name && o.verb === 'page');
  if (page) {
    reads++;
    const r = await server.get(`${page.path}?pageSize=100`, { token: tokens[reader], site: owner, headers: { year: years[0]! } });
    if (r.body.code !== '40102') leak(`GET ${page.path} at ${owner}'s address`, `answered ${r.body.code}`);
  }
}

describe('cross-site reads', () => {
  it("no entity shows one organisation's rows to the other (page, list, infoById, export, pickers)", async () => {
    // A grouped view has no rows of its own (its totals are its source's rows, read here as the
    // source entity), so there is nothing to look for by id.
    const entities = server.services.schemas.baseEntities().filter((e) => e.site && !e.view);
    for (const e of entities) {
      await lookFor(e, 'demo');
      await lookFor(e, 'city');
    }
    console.log(
      `cross-site reads: ${covered.size} of ${entities.length} entities with rows, ${seenByOwner.size} (site, entity) pairs ` +
        `whose rows their own site reads back, ${reads} reads, ${leaks.length} leaks`,
    );
    // The campaign covers the entities that hold rows in a site: most of them; and the same reads
    // show a site its own rows, so a row of the other site would show too.
    expect(covered.size).toBeGreaterThan(entities.length / 2);
    expect(seenByOwner.size).toBeGreaterThan(covered.size);
    expect(leaks).toEqual([]);
  });
});

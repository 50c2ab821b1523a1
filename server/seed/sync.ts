// Bring one site's structural data up to what this release defines: menus (with their button
// keys), dictionaries, settings, budget years and default approval processes. Only what is missing
// is added; a site's own edits are never overwritten. New menu entries are granted to the site's
// roles by the role rules of organisations.ts, so a role keeps seeing what it is meant to after an upgrade.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readModel } from '../modules/workflow/bpmn.ts';
import { sql, type Kysely } from 'kysely';
import { compileEntity } from '../entities/model.ts';
import { toColumns } from '../entities/rows.ts';
import { schemaHealth } from '../schemas/quarantine.ts';
import type { DB } from '../platform/db/types.ts';
import type { Localized } from '../../validators/locale.ts';
import {
  buttonPermission,
  loadActions,
  loadConfigs,
  loadDicts,
  loadMenus,
  sitesWithOwnMenus,
  loadSeeds,
  SCHEMAS_DIR,
  type DictManifest,
  type MenuManifestNode,
} from './manifests.ts';
import { APPLICANT_ACTIONS, ORGANISATIONS, type RoleGrants } from './organisations.ts';

interface FlatMenu {
  key: string;
  parentKey: string | null;
  /** Keys of this entry and all its ancestors, nearest first. */
  lineage: string[];
  /** Role keys that get this entry by default, its own and its ancestors' (`roles` in menu.json; '*' every role). */
  roles: string[];
  title: Localized;
  type: 'M' | 'C' | 'F';
  node?: MenuManifestNode;
  action?: string;
  perms: string | null;
  order: number;
  depth: number;
}

/** null while actions.json has never been sound (issue 35): the menus' sync is skipped. */
function flatten(siteKey?: string): FlatMenu[] | null {
  const actions = loadActions();
  if (!actions) return null;
  const out: FlatMenu[] = [];
  const walk = (nodes: MenuManifestNode[], parent: FlatMenu | null, depth: number, base: number) => {
    nodes.forEach((node, index) => {
      const lineage = [node.key, ...(parent?.lineage ?? [])];
      const roles = [...(node.roles ?? []), ...(parent?.roles ?? [])];
      const entry: FlatMenu = {
        key: node.key,
        parentKey: parent?.key ?? null,
        lineage,
        roles,
        title: node.title,
        type: node.children?.length ? 'M' : 'C',
        node,
        perms: node.permission ?? null,
        order: base + index + 1,
        depth,
      };
      out.push(entry);
      if (node.permission) {
        const buttons = ['query', ...(node.buttons ?? []).filter((b) => b !== 'query')];
        buttons.forEach((action, i) => {
          const title = actions[action];
          // An unknown action is named by the check (its menu.json); the button waits, the start goes on.
          if (!title) return;
          out.push({
            key: `${node.key}:${action}`,
            parentKey: node.key,
            lineage: [`${node.key}:${action}`, ...lineage],
            roles,
            title,
            type: 'F',
            action,
            perms: buttonPermission(node.permission!, action),
            order: i + 1,
            depth: depth + 1,
          });
        });
      }
      if (node.children) walk(node.children, entry, depth + 1, 0);
    });
  };
  walk(loadMenus(siteKey), null, 0, 0);
  return out;
}

/**
 * Whether a seeded role gets a menu entry or button by default: the entry names the role (or every
 * role, '*') in its menu.json `roles`, or the role's own rules in organisations.ts reach it. A named
 * role gets the entry's buttons as far as its actions allow; '*' gives every button.
 */
export function grants(rules: RoleGrants, menu: Pick<FlatMenu, 'lineage' | 'roles' | 'type' | 'action'>, roleKey = ''): boolean {
  if (menu.roles.includes('*')) return true;
  const named = roleKey !== '' && menu.roles.includes(roleKey);
  // Read only: the page and its query and export buttons (an entry excluded from a granted area may be read).
  const reading = () =>
    Boolean(rules.reads?.some((k) => menu.lineage.includes(k))) &&
    (menu.type !== 'F' || ['query', 'export'].includes(menu.action!));
  if (!named && rules.except && menu.lineage.some((k) => rules.except!.includes(k))) return reading();
  const inMenus = named || rules.menus === 'all' || menu.lineage.some((k) => (rules.menus as string[]).includes(k));
  // One's own requests (leave, a car) in a role that runs other areas: the page and the applicant's buttons.
  const applying = () =>
    Boolean(rules.applies?.some((k) => menu.lineage.includes(k))) &&
    (menu.type !== 'F' || APPLICANT_ACTIONS.includes(menu.action!));
  if (!inMenus) return applying() || reading();
  return menu.type !== 'F' || rules.actions === 'all' || rules.actions.includes(menu.action!);
}

/**
 * What this release defines, read from schemas/ once per process: every site's sync uses the same
 * files, so a start with many organisations does not read them again for each.
 */
let release: {
  /** null: a core file never sound since the start (issue 35) — its sync is skipped. */
  menus: FlatMenu[] | null;
  dicts: DictManifest | null;
  configs: ReturnType<typeof loadConfigs>;
  seeds: Array<{
    entity: ReturnType<typeof compileEntity>;
    tree?: { key: string; parent: string };
    rows: Array<Record<string, unknown>>;
  }>;
} | null = null;

/** The release's menu entries and buttons, flattened (tests ask what a role gets of them). */
export const releaseMenus = () => releaseFiles().menus ?? [];

const siteMenus = new Map<string, FlatMenu[]>();
/** A site's menu entries: the release's, or its own where its folder patches a menu.json. */
function menusOf(siteKey: string): FlatMenu[] | null {
  if (!sitesWithOwnMenus().includes(siteKey)) return releaseFiles().menus;
  let menus: FlatMenu[] | null | undefined = siteMenus.get(siteKey);
  if (!menus) {
    menus = flatten(siteKey);
    if (menus) siteMenus.set(siteKey, menus);
  }
  return menus ?? null;
}

function releaseFiles() {
  if (!release) {
    const entities = new Map(
      schemaHealth()
        .files.filter((f) => f.kind === 'entity')
        .map((f) => [f.name, compileEntity(f.json, null)]),
    );
    release = {
      menus: flatten(),
      dicts: ((d) => d && withEntityModules(d, [...entities.values()], schemaHealth().texts))(loadDicts()),
      configs: loadConfigs(),
      // An area out of service (server/schemas/quarantine.ts) has no entities here: its seeds wait.
      seeds: loadSeeds().flatMap((seed) => {
        const entity = entities.get(seed.entity);
        return entity ? [{ entity, tree: seed.tree, rows: seed.rows }] : [];
      }),
    };
  }
  return release;
}

/**
 * The operation log names its module by an entity's name (or one of the few modules of dicts.json
 * that are no entity): the dictionary sys_oper_module gets every entity, labelled by its title.
 */
export function withEntityModules(
  manifest: DictManifest,
  entities: Array<{ name: string; title: string }>,
  texts: Record<string, Record<string, string>>,
): DictManifest {
  return {
    types: manifest.types.map((t) => {
      if (t.type !== 'sys_oper_module') return t;
      const listed = new Set(t.data.map((d) => d.value));
      const more = entities
        .filter((e) => !listed.has(e.name))
        .map((e) => {
          const text = texts[e.title];
          const label = (lang: keyof Localized) => text?.[lang] || e.name;
          return {
            value: e.name,
            label: { 'zh-CN': label('zh-CN'), 'zh-TW': label('zh-TW'), 'en-US': label('en-US'), 'pt-BR': label('pt-BR') },
          };
        });
      return { ...t, data: [...t.data, ...more] };
    }),
  };
}

const ROLE_RULES = new Map(ORGANISATIONS.flatMap((o) => o.roles).map((r) => [r.key, r.grants]));

async function syncMenus(db: Kysely<DB>, siteId: number): Promise<number> {
  // An entry for some organisations only (medical purchasing at hospitals) reaches theirs alone.
  const site = await db.selectFrom('sys_dept').select('top_dept_key').where('id', '=', siteId).executeTakeFirst();
  const all = menusOf(String(site?.top_dept_key ?? ''));
  if (!all) return 0;
  const byKey = new Map(all.map((m) => [m.key, m]));
  const menus = all.filter((m) =>
    m.lineage.every((key) => {
      const sites = byKey.get(key)?.node?.sites;
      return !sites || sites.includes(String(site?.top_dept_key ?? ''));
    }),
  );
  const existing = new Map(
    (await db.selectFrom('sys_menu').select(['id', 'menu_key']).where('top_dept_id', '=', siteId).execute()).map((r) => [
      r.menu_key,
      r.id,
    ]),
  );
  const added: FlatMenu[] = [];
  const maxDepth = Math.max(...menus.map((m) => m.depth));
  // Level by level, so each entry's parent already has its id.
  for (let depth = 0; depth <= maxDepth; depth++) {
    const missing = menus.filter((m) => m.depth === depth && !existing.has(m.key));
    if (!missing.length) continue;
    const rows = await db
      .insertInto('sys_menu')
      .values(
        missing.map((m) => ({
          top_dept_id: siteId,
          parent_id: m.parentKey ? existing.get(m.parentKey)! : 0,
          menu_key: m.key,
          menu_name: m.title['zh-CN'],
          i18n: JSON.stringify(m.title),
          menu_type: m.type,
          path: m.node?.path ?? null,
          component: m.node?.component ?? null,
          redirect: m.node?.redirect ?? null,
          target: m.node?.target ?? null,
          icon: m.node?.icon ?? null,
          visible: m.node?.hidden ? '1' : '0',
          hidden_children: m.node?.hiddenChildren ?? false,
          hidden_header: m.node?.hiddenHeader ?? false,
          perms: m.perms,
          order_num: m.order,
        })),
      )
      .returning(['id', 'menu_key'])
      .execute();
    for (const r of rows) existing.set(r.menu_key, r.id);
    added.push(...missing);
  }
  if (!added.length) return 0;

  const roles = await db.selectFrom('sys_role').select(['id', 'role_key']).where('top_dept_id', '=', siteId).execute();
  const grantRows: Array<{ role_id: number; menu_id: number }> = [];
  for (const role of roles) {
    const rules = ROLE_RULES.get(role.role_key);
    if (!rules) continue;
    for (const menu of added) {
      if (!grants(rules, menu, role.role_key)) continue;
      // A granted entry brings its ancestors, so the role's menu tree stays whole.
      for (const key of menu.lineage) grantRows.push({ role_id: role.id, menu_id: existing.get(key)! });
    }
  }
  for (let i = 0; i < grantRows.length; i += 1000) {
    await db
      .insertInto('sys_role_menu')
      .values(grantRows.slice(i, i + 1000))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return added.length;
}

async function syncDicts(db: Kysely<DB>, siteId: number, year: number) {
  const manifest = releaseFiles().dicts;
  const yearLabel = (y: number): Localized => ({ 'zh-CN': `${y}年`, 'zh-TW': `${y}年`, 'en-US': `${y}`, 'pt-BR': `${y}` });
  // A dicts.json never sound since the start (issue 35): only the generated years are synced.
  const types: DictManifest['types'] = [
    ...(manifest?.types ?? []),
    {
      type: 'ys_budget_year',
      name: { 'zh-CN': '预算年度', 'zh-TW': '預算年度', 'en-US': 'Budget year', 'pt-BR': 'Ano orçamentário' },
      data: [year - 1, year, year + 1].map((y) => ({ value: String(y), label: yearLabel(y), isDefault: y === year })),
    },
  ];
  const haveTypes = new Set(
    (await db.selectFrom('sys_dict_type').select('dict_type').where('top_dept_id', '=', siteId).execute()).map(
      (r) => r.dict_type,
    ),
  );
  const newTypes = types.filter((t) => !haveTypes.has(t.type));
  if (newTypes.length) {
    await db
      .insertInto('sys_dict_type')
      .values(
        newTypes.map((t) => ({
          top_dept_id: siteId,
          dict_type: t.type,
          dict_name: t.name['zh-CN'],
          i18n: JSON.stringify(t.name),
        })),
      )
      .execute();
  }
  const haveData = new Set(
    (await db.selectFrom('sys_dict_data').select(['dict_type', 'dict_value']).where('top_dept_id', '=', siteId).execute()).map(
      (r) => `${r.dict_type}\u0000${r.dict_value}`,
    ),
  );
  const newData = types.flatMap((t) =>
    t.data
      .map((d, i) => ({ t, d, i }))
      .filter(({ d }) => !haveData.has(`${t.type}\u0000${d.value}`))
      .map(({ d, i }) => ({
        top_dept_id: siteId,
        dict_type: t.type,
        dict_value: d.value,
        dict_label: d.label['zh-CN'],
        i18n: JSON.stringify(d.label),
        // Years sort by value; everything else keeps its manifest order.
        dict_sort: t.type === 'ys_budget_year' ? Number(d.value) : i + 1,
        list_class: d.listClass ?? null,
        is_default: d.isDefault ? 'Y' : 'N',
      })),
  );
  if (newData.length) await db.insertInto('sys_dict_data').values(newData).execute();
}

async function syncConfigs(db: Kysely<DB>, siteId: number, overrides: Record<string, string>) {
  const have = new Set(
    (await db.selectFrom('sys_config').select('config_key').where('top_dept_id', '=', siteId).execute()).map((r) => r.config_key),
  );
  // A configs.json never sound since the start (issue 35): the site keeps the settings it has.
  const rows = (releaseFiles().configs?.configs ?? [])
    .filter((c) => !have.has(c.key))
    .map((c) => ({
      top_dept_id: siteId,
      config_key: c.key,
      config_name: c.name['zh-CN'],
      config_value: overrides[c.key] ?? c.value,
      config_type: 'Y',
      remark: c.remark?.['zh-CN'] ?? null,
    }));
  if (rows.length) await db.insertInto('sys_config').values(rows).execute();
}

/** Entity seed files: rows a site starts with, inserted while its table has none of the site's own. */
async function syncEntitySeeds(db: Kysely<DB>, siteId: number) {
  for (const { entity, tree, rows } of releaseFiles().seeds) {
    if (!rows.length) continue;
    const have = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(entity.table)} where top_dept_id = ${siteId}`.execute(db);
    if (Number(have.rows[0]!.n) > 0) continue;
    const columnsOf = (row: Record<string, unknown>) => ({
      ...toColumns(entity, row),
      top_dept_id: siteId,
      schema_version: entity.schemaVersion,
    });
    if (!tree || !entity.tree) {
      await (db as Kysely<any>).insertInto(entity.table).values(rows.map(columnsOf)).execute();
      continue;
    }
    // A tree goes in row by row, each after its parent, which its key names (GB/T codes).
    const ids = new Map<unknown, number>();
    const parentColumn = entity.byName.get(entity.tree)!.column;
    for (const row of rows) {
      const { [tree.parent]: parentKey, ...own } = row;
      const made = await (db as Kysely<any>)
        .insertInto(entity.table)
        .values({ ...columnsOf(own), [parentColumn]: parentKey === undefined ? 0 : (ids.get(parentKey) ?? 0) })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(row[tree.key], Number(made.id));
    }
  }
}

/** Default processes (schemas/<area>/<key>.bpmn): each becomes a model and its first deployed
 * version on a site that has no model of that key. A changed file deploys a new version at start
 * where nobody has changed or deployed the model by hand (updated_by empty); a site's own versions
 * are never touched. Instances in flight keep the version they started on. */
async function syncProcesses(db: Kysely<DB>, siteId: number) {
  const any = db as Kysely<any>;
  const site = await db.selectFrom('sys_dept').select('top_dept_key').where('id', '=', siteId).executeTakeFirst();
  for (const { file, xml, category } of processesOf(String(site?.top_dept_key ?? ''))) {
    // A process with a problem takes out itself only (issue 35): named in the log, its last
    // deployed version (if any) keeps serving, the rest of the site starts.
    if (schemaHealth().brokenProcesses.has(file)) continue;
    const { model, problems } = await modelOf(xml);
    if (!model || problems.length) {
      console.error(`schemas/${file}: process not deployed: ${JSON.stringify(problems)}`);
      continue;
    }
    const have = await any
      .selectFrom('wf_model')
      .select(['id', 'bpmn_xml', 'updated_by'])
      .where('top_dept_id', '=', siteId)
      .where('model_key', '=', model.processKey)
      .executeTakeFirst();
    if (have) {
      if (have.updated_by == null && have.bpmn_xml !== xml)
        await deployChangedDefault(any, siteId, Number(have.id), model, xml, category);
      continue;
    }
    const saved = await any
      .insertInto('wf_model')
      .values({
        top_dept_id: siteId,
        model_key: model.processKey,
        name: model.name,
        category,
        bpmn_xml: xml,
        deployed_version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await any
      .insertInto('wf_definition')
      .values({
        top_dept_id: siteId,
        process_key: model.processKey,
        name: model.name,
        def_version: 1,
        bpmn_xml: xml,
        nodes: JSON.stringify(model.tasks),
        model_id: saved.id,
      })
      .execute();
  }
}

/** Each process file is read once per process, not once per site (a hundred sites parsed the same XML a hundred times). */
const models = new Map<string, ReturnType<typeof readModel>>();
function modelOf(xml: string): ReturnType<typeof readModel> {
  let model = models.get(xml);
  if (!model) {
    model = readModel(xml);
    models.set(xml, model);
  }
  return model;
}

async function deployChangedDefault(
  db: Kysely<any>,
  siteId: number,
  modelId: number,
  model: { processKey: string; name: string; tasks: unknown },
  xml: string,
  category: string,
) {
  const last = await db
    .selectFrom('wf_definition')
    .select((eb) => eb.fn.max('def_version').as('v'))
    .where('top_dept_id', '=', siteId)
    .where('process_key', '=', model.processKey)
    .executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  await db
    .insertInto('wf_definition')
    .values({
      top_dept_id: siteId,
      process_key: model.processKey,
      name: model.name,
      def_version: version,
      bpmn_xml: xml,
      nodes: JSON.stringify(model.tasks),
      model_id: modelId,
    })
    .execute();
  await db
    .updateTable('wf_model')
    .set({ bpmn_xml: xml, name: model.name, category, deployed_version: version, updated_at: new Date() })
    .where('id', '=', modelId)
    .execute();
}

/**
 * A development reload (issue 35): when a process file under schemas/ (base or a site's) changed
 * since the last deployment, the files are read again and every site's changed, sound processes
 * deployed as at start (a new version where nobody changed the model by hand); a process with a
 * problem keeps its deployed version. Nothing is read from the database when no file changed.
 */
export async function redeployProcesses(db: Kysely<DB>): Promise<boolean> {
  const now = processSignature();
  if (deployedSignature === now) return false;
  processFiles = null;
  siteProcessFiles.clear();
  models.clear();
  deployedSignature = now;
  const sites = await db.selectFrom('sys_dept').select('id').where('top_dept_key', 'is not', null).execute();
  for (const site of sites) await syncProcesses(db, site.id);
  return true;
}

/** Every .bpmn under schemas/ (base and sites), by path and content: what a deployment read. */
let deployedSignature: string | null = null;
function processSignature(): string {
  const parts: string[] = [];
  const walk = (at: string) => {
    for (const d of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (d.name.startsWith('_')) continue;
      const full = path.join(at, d.name);
      if (d.isDirectory()) walk(full);
      else if (d.name.endsWith('.bpmn')) parts.push(full, fs.readFileSync(full, 'utf8'));
    }
  };
  walk(SCHEMAS_DIR);
  return parts.join('\u0000');
}

let processFiles: Array<{ file: string; xml: string }> | null = null;
function defaultProcesses() {
  deployedSignature ??= processSignature();
  processFiles ??= fs
    .readdirSync(SCHEMAS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && d.name !== 'sites')
    .flatMap((d) =>
      fs
        .readdirSync(path.join(SCHEMAS_DIR, d.name))
        .filter((f) => f.endsWith('.bpmn'))
        .map((f) => ({ file: `${d.name}/${f}`, xml: fs.readFileSync(path.join(SCHEMAS_DIR, d.name, f), 'utf8') })),
    );
  return processFiles;
}

/** The process id a file declares (its first bpmn:process), '' without one. */
const processIdOf = (xml: string) => /<bpmn:process\b[^>]*?\sid="([^"]*)"/.exec(xml)?.[1] ?? '';

const siteProcessFiles = new Map<string, Array<{ file: string; xml: string }>>();
/**
 * The processes a site runs (issue 35): the release's (category 'default'), where the site's folder
 * holds a file of the same process id the site's instead, and the site's new ones (category 'site').
 * schemas/sites/<key>/<area>/<name>.bpmn is deployed for that site alone.
 */
function processesOf(siteKey: string): Array<{ file: string; xml: string; category: 'default' | 'site' }> {
  let own = siteProcessFiles.get(siteKey);
  if (!own) {
    const dir = path.join(SCHEMAS_DIR, 'sites', siteKey);
    const walk = (at: string): string[] =>
      fs.existsSync(at)
        ? fs
            .readdirSync(at, { withFileTypes: true })
            .sort((a, b) => a.name.localeCompare(b.name))
            .flatMap((d) =>
              d.isDirectory() ? walk(path.join(at, d.name)) : d.name.endsWith('.bpmn') ? [path.join(at, d.name)] : [],
            )
        : [];
    own = (siteKey && !siteKey.includes('/') && !siteKey.startsWith('.') ? walk(dir) : []).map((full) => ({
      file: `sites/${siteKey}/${path.relative(dir, full).split(path.sep).join('/')}`,
      xml: fs.readFileSync(full, 'utf8'),
    }));
    siteProcessFiles.set(siteKey, own);
  }
  const byId = new Map<string, { file: string; xml: string; category: 'default' | 'site' }>();
  for (const p of defaultProcesses()) byId.set(processIdOf(p.xml) || p.file, { ...p, category: 'default' });
  for (const p of own) byId.set(processIdOf(p.xml) || p.file, { ...p, category: 'site' });
  return [...byId.values()];
}

/** Returns the number of menu entries added (0 on an up-to-date site). */
export async function syncSite(
  db: Kysely<DB>,
  siteId: number,
  year: number,
  configOverrides: Record<string, string> = {},
): Promise<number> {
  const added = await syncMenus(db, siteId);
  await syncDicts(db, siteId, year);
  await syncConfigs(db, siteId, configOverrides);
  await syncEntitySeeds(db, siteId);
  await syncProcesses(db, siteId);
  const site = await db.selectFrom('sys_dept').select('top_dept_key').where('id', '=', siteId).executeTakeFirst();
  const release = releaseSignature(String(site?.top_dept_key ?? ''), year);
  await db
    .insertInto('sys_site_sync')
    .values({ top_dept_id: siteId, release })
    .onConflict((oc) => oc.column('top_dept_id').doUpdateSet({ release, synced_at: new Date() }))
    .execute();
  return added;
}

/**
 * The start's sync of every site (issue 37): only the sites whose last sync was to another release
 * (or never recorded: a site made before migration 0035, or by hand) are synced, so restarting a
 * node of many unchanged sites does no per-site work. The caller holds the seed's advisory lock.
 */
export async function syncSites(db: Kysely<DB>, year: number): Promise<{ sites: number; synced: number }> {
  const sites = await db.selectFrom('sys_dept').select(['id', 'top_dept_key']).where('top_dept_key', 'is not', null).execute();
  const last = new Map(
    (await db.selectFrom('sys_site_sync').select(['top_dept_id', 'release']).execute()).map((r) => [
      Number(r.top_dept_id),
      r.release,
    ]),
  );
  let synced = 0;
  for (const site of sites) {
    if (last.get(Number(site.id)) === releaseSignature(site.top_dept_key!, year)) continue;
    await syncSite(db, site.id, year);
    synced++;
  }
  return { sites: sites.length, synced };
}

/**
 * What a site's sync reads, hashed: every file under schemas/ outside sites/ (menus, actions,
 * dictionaries, settings, entity seeds, processes, and the entities the seeds and dictionaries are
 * compiled from), the site's own folder, the code that syncs (this file, the manifests' reader, the
 * role rules) and the budget year (the year dictionary is three years around it). Read once per
 * process, like the manifests themselves.
 */
export function releaseSignature(siteKey: string, year: number): string {
  baseSignature ??= hashFiles([
    ...filesUnder(SCHEMAS_DIR, (rel) => rel !== 'sites'),
    ...['sync.ts', 'manifests.ts', 'organisations.ts'].map((f) => path.join(import.meta.dirname, f)),
  ]);
  let own = siteSignatures.get(siteKey);
  if (own === undefined) {
    const dir = path.join(SCHEMAS_DIR, 'sites', siteKey);
    own =
      siteKey && !siteKey.includes('/') && !siteKey.startsWith('.') && fs.existsSync(dir)
        ? hashFiles(filesUnder(dir, () => true))
        : '';
    siteSignatures.set(siteKey, own);
  }
  return crypto.createHash('sha256').update(`${baseSignature}\u0000${own}\u0000${year}`).digest('hex');
}

let baseSignature: string | null = null;
const siteSignatures = new Map<string, string>();

function filesUnder(root: string, take: (top: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (at: string, top: boolean) => {
    for (const d of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (top && !take(d.name)) continue;
      const full = path.join(at, d.name);
      if (d.isDirectory()) walk(full, false);
      else out.push(full);
    }
  };
  walk(root, true);
  return out;
}

function hashFiles(files: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(file).update('\u0000').update(fs.readFileSync(file)).update('\u0000');
  return hash.digest('hex');
}

// One bad file never takes an installation down (issue 35). The check's problems are attributed to
// an area — the folder under schemas/ (expense), or a site's area (sites/city/expense) for a site's
// patch — and only that area is out of service: at a first start it is left out (its entities'
// routes answer `schema.areaBroken`, its menu entries are hidden); at a reload the last sound
// version of its files keeps serving while every other area takes the new one. A problem in a
// .bpmn file takes out only that process: it is not deployed (the last deployed version, if any,
// keeps serving; a document without one is refused at submit, `workflow.noDefinition`).
import fs from 'node:fs';
import path from 'node:path';
import { runSchemasCheck, type Problem } from './check.ts';
import type { Json } from '../../validators/merge-patch.ts';
import { loadBaseFiles, loadTexts, SCHEMAS_DIR, setSitePatchSource, type SchemaFile, type SitePatchSource } from './files.ts';

export interface AreaProblem extends Problem {
  /** The folder under schemas/ ('' for a file at its top: actions.json). */
  area: string;
  /** The site whose patch holds the problem, or null for a base file. */
  site: string | null;
  /** When the problem was first seen (ISO time); kept while it stays. */
  since: string;
}

/**
 * Files the seed reads whole, for every site: a problem in one takes out neither its area nor the
 * start. The last sound version read serves (`coreFile`); at a first start with none, null: the
 * seed skips that file's sync and the database keeps what it has.
 */
export const CORE_FILES = ['actions.json', 'system/dicts.json', 'system/configs.json'] as const;
export type CoreFile = (typeof CORE_FILES)[number];
const isCore = (file: string) => (CORE_FILES as readonly string[]).includes(file);

/** The area (and site) a file under schemas/ belongs to. */
export function areaOf(file: string): { site: string | null; area: string } {
  const parts = file.split('/');
  if (parts[0] === 'sites' && parts.length >= 3) return { site: parts[1]!, area: parts.length > 3 ? parts[2]! : '' };
  return { site: null, area: parts.length > 1 ? parts[0]! : '' };
}

/** What a quarantined area would serve: the entities' API paths and the page components. */
export interface OutOfService {
  area: string;
  site: string | null;
  /** The first problem's file, for the message. */
  file: string;
  apis: string[];
  components: string[];
}

const problemKey = (p: Problem) => `${p.file}\n${p.pointer}\n${p.message}`;

export class SchemaHealth {
  problems: AreaProblem[] = [];
  /** The files serving: every sound area's new files, the last sound files of a failing one. */
  files: SchemaFile[] = [];
  texts: Record<string, Record<string, string>> = {};
  /** Entity files of areas out of service that still read: their routes are made at start (they
   * answer 503 until the fix, then serve without a restart); never served from. */
  routeOnly: SchemaFile[] = [];
  /** .bpmn files (relative to schemas/) with a problem: not deployed. */
  brokenProcesses = new Set<string>();
  /** Core files (CORE_FILES) with a problem: their last sound version serves, if any. */
  brokenCore = new Set<string>();
  private readonly soundCore = new Map<string, unknown>();
  /** Each site's area (`<site>/<area>`): its last sound patches, by path below the site's folder. */
  private readonly soundSite = new Map<string, Map<string, Record<string, Json>>>();
  /** Site areas with a problem that serve their last sound patches. */
  private keptSite = new Map<string, Map<string, Record<string, Json>>>();
  /** Areas (and site areas, `sites/<key>/<area>`) out of service: no sound version to serve. */
  out = new Map<string, OutOfService>();
  private readonly sound = new Map<string, { files: SchemaFile[]; texts: Record<string, Record<string, string>> }>();
  private since = new Map<string, string>();
  private assessed = false;

  constructor(readonly root = SCHEMAS_DIR) {}

  /** Check schemas/ and decide what serves. Never throws for a fault of a file. */
  assess(): this {
    const { problems } = runSchemasCheck(this.root);
    const now = new Date().toISOString();
    const since = new Map<string, string>();
    this.problems = problems.map((p) => {
      const key = problemKey(p);
      const first = this.since.get(key) ?? now;
      since.set(key, first);
      // A base file failing only as a site sees it takes out that site's area, not every site's.
      const { siteView, ...problem } = p;
      return { ...problem, ...areaOf(p.file), ...(siteView ? { site: siteView } : {}), since: first };
    });
    this.since = since;
    this.brokenProcesses = new Set(this.problems.filter((p) => p.file.endsWith('.bpmn')).map((p) => p.file));
    this.brokenCore = new Set(this.problems.filter((p) => isCore(p.file)).map((p) => p.file));
    for (const file of CORE_FILES) {
      if (this.brokenCore.has(file)) {
        console.error(`schemas: ${file} has a problem: ${this.soundCore.has(file) ? 'its last sound version serves' : 'its sync is skipped, the database keeps what it has'}`);
        continue;
      }
      const json = readable(path.join(this.root, file));
      if (json) this.soundCore.set(file, json);
    }
    // A process's fault takes out the process, not its area; a core file's, the file alone.
    const areaProblems = this.problems.filter((p) => !p.file.endsWith('.bpmn') && !isCore(p.file));
    const broken = new Set(areaProblems.filter((p) => p.site === null).map((p) => p.area));
    const files = loadBaseFiles(this.root, (area) => broken.has(area));
    const texts = loadTexts(this.root, (area) => broken.has(area));
    const areas = new Set(files.map((f) => f.area.split('/')[0]!));
    for (const area of areas) {
      const own = files.filter((f) => f.area.split('/')[0] === area);
      this.sound.set(area, { files: own, texts: areaTexts(this.root, area) });
    }
    this.out = new Map();
    const routeOnly: SchemaFile[] = [];
    for (const area of broken) {
      const last = this.sound.get(area);
      const first = areaProblems.find((p) => p.site === null && p.area === area)!;
      if (last) {
        files.push(...last.files);
        for (const [k, v] of Object.entries(last.texts)) texts[k] ??= v;
        console.error(`schemas: area ${area || '(top)'} keeps its last sound version (${first.file} has a problem)`);
      } else {
        this.out.set(area, { area, site: null, file: first.file, ...whatServes(this.root, area) });
        for (const name of fs.existsSync(path.join(this.root, area)) ? fs.readdirSync(path.join(this.root, area)) : []) {
          const json = name.endsWith('.entity.json') ? readable(path.join(this.root, area, name)) : null;
          if (json && typeof json.name === 'string' && typeof json.table === 'string')
            routeOnly.push({ kind: 'entity', name: name.replace(/\.entity\.json$/, ''), area, rel: `${area}/${name}`, json: json as SchemaFile['json'] });
        }
        console.error(`schemas: area ${area || '(top)'} is out of service (${first.file} has a problem)`);
      }
    }
    // A site's area: its last sound patches serve while a patch of it has a problem; with none
    // (a first start), out of service for that site alone.
    const brokenSite = new Set(areaProblems.filter((p) => p.site !== null).map((p) => `${p.site}/${p.area}`));
    for (const [key, patches] of sitePatches(this.root)) if (!brokenSite.has(key)) this.soundSite.set(key, patches);
    this.keptSite = new Map();
    for (const p of areaProblems) {
      if (p.site === null) continue;
      const last = this.soundSite.get(`${p.site}/${p.area}`);
      if (last) {
        if (!this.keptSite.has(`${p.site}/${p.area}`))
          console.error(`schemas: site ${p.site}'s area ${p.area || '(top)'} keeps its last sound version (${p.file} has a problem)`);
        this.keptSite.set(`${p.site}/${p.area}`, last);
        continue;
      }
      const key = `sites/${p.site}/${p.area}`;
      if (!this.out.has(key)) this.out.set(key, { area: p.area, site: p.site, file: p.file, ...whatServes(this.root, p.area) });
    }
    for (const p of this.problems) console.error(`  schemas/${p.file} → ${p.pointer || '(whole file)'}: ${p.message}`);
    this.files = files;
    this.texts = texts;
    // Kept from the first assessment: the routes were made then.
    if (!this.assessed) this.routeOnly = routeOnly;
    this.assessed = true;
    return this;
  }

  /** Where a site's area takes its patches (server/schemas/files.ts loadOverrides). */
  patchSource(site: string, area: string): SitePatchSource {
    if (this.out.has(`sites/${site}/${area}`)) return 'out';
    return this.keptSite.get(`${site}/${area}`) ?? 'files';
  }

  /** A core file's last sound content (null: none was ever sound in this process). */
  core<T>(file: CoreFile): T | null {
    return (this.soundCore.get(file) as T | undefined) ?? null;
  }

  /** The out-of-service area a request's path (below /api) reaches for a site, if any. */
  outOfServiceFor(siteKey: string, url: string): OutOfService | null {
    if (!this.out.size) return null;
    const pathname = url.split('?')[0]!.replace(/^\/api/, '');
    for (const o of this.out.values()) {
      if (o.site !== null && o.site !== siteKey) continue;
      if (o.apis.some((api) => pathname === api || pathname.startsWith(`${api}/`))) return o;
      const page = /^\/schema\/(?:page|form|print|detail)\/([^/?]+)/.exec(pathname)?.[1];
      if (page && o.components.includes(page)) return o;
    }
    return null;
  }

  /** Whether a menu component belongs to an area out of service for a site. */
  componentOutOfService(siteKey: string, component: string): boolean {
    for (const o of this.out.values()) if ((o.site === null || o.site === siteKey) && o.components.includes(component)) return true;
    return false;
  }
}

function readable(full: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Every site's patches by `<site>/<area>`, each by its path below the site's folder (unreadable ones left out). */
function sitePatches(root: string): Map<string, Map<string, Record<string, Json>>> {
  const out = new Map<string, Map<string, Record<string, Json>>>();
  const sites = path.join(root, 'sites');
  if (!fs.existsSync(sites)) return out;
  for (const site of fs.readdirSync(sites, { withFileTypes: true })) {
    if (!site.isDirectory()) continue;
    const dir = path.join(sites, site.name);
    const walk = (at: string) => {
      for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.json')) {
          const rel = path.relative(dir, full).split(path.sep).join('/');
          const key = `${site.name}/${rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : ''}`;
          const json = readable(full);
          if (!out.has(key)) out.set(key, new Map());
          if (json) out.get(key)!.set(rel, json as Record<string, Json>);
        }
      }
    };
    walk(dir);
  }
  return out;
}

function areaTexts(root: string, area: string): Record<string, Record<string, string>> {
  const json = readable(path.join(root, area, 'i18n.json'));
  if (!json) return {};
  const { $schema: _s, ...entries } = json;
  return entries as Record<string, Record<string, string>>;
}

/** An out-of-service area's API paths and page components, from what of its files still reads. */
function whatServes(root: string, area: string): { apis: string[]; components: string[] } {
  const dir = path.join(root, area);
  const apis: string[] = [];
  const components = new Set<string>();
  if (!area || !fs.existsSync(dir)) return { apis, components: [] };
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const json = readable(path.join(dir, name));
    if (name.endsWith('.entity.json')) {
      const api = json?.api;
      if (typeof api === 'string') apis.push(api);
      else apis.push(`/${area}/${name.replace(/\.entity\.json$/, '')}`);
    }
    if (json && typeof json.component === 'string') components.add(json.component);
    const page = json?.page as Record<string, unknown> | undefined;
    if (page && typeof page.component === 'string') components.add(page.component);
    if (name === 'menu.json' && json) {
      const walk = (nodes: unknown) => {
        for (const n of (Array.isArray(nodes) ? nodes : []) as Array<Record<string, unknown>>) {
          if (typeof n.component === 'string' && n.component !== 'RouteView') components.add(n.component);
          walk(n.children);
        }
      };
      walk(json.menus);
    }
  }
  return { apis, components: [...components] };
}

let current: SchemaHealth | null = null;

/** The process's view of schemas/: assessed on first use, again at each development reload. */
export function schemaHealth(): SchemaHealth {
  if (!current) {
    current = new SchemaHealth().assess();
    setSitePatchSource((site, area) => current?.patchSource(site, area) ?? 'files');
  }
  return current;
}

/** Assess schemas/ again (a development reload), keeping each area's last sound version. */
export function reassessSchemas(): SchemaHealth {
  return schemaHealth().assess();
}

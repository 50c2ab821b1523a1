// The product's own structure, read from schemas/: every area's menu manifest (menu.json), the
// button actions, the dictionaries and the per-site settings with their defaults.
import fs from 'node:fs';
import path from 'node:path';
import type { Localized } from '../../validators/locale.ts';
import type { Json } from '../../validators/merge-patch.ts';
import { sitePatch } from '../../validators/keyed-patch.ts';

import { SCHEMAS_DIR } from '../schemas/files.ts';
import { schemaHealth } from '../schemas/quarantine.ts';
export { SCHEMAS_DIR };

export interface MenuManifestNode {
  key: string;
  title: Localized;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  target?: string;
  hidden?: boolean;
  hiddenChildren?: boolean;
  hiddenHeader?: boolean;
  permission?: string;
  buttons?: string[];
  /** Only these organisations (site keys) get the entry; none: every one. */
  sites?: string[];
  /** Seeded roles that get the entry by default ('*': every role). */
  roles?: string[];
  children?: MenuManifestNode[];
}

export interface DictManifest {
  types: Array<{
    type: string;
    name: Localized;
    data: Array<{ value: string; label: Localized; listClass?: string; isDefault?: boolean }>;
  }>;
}

export interface ConfigManifest {
  configs: Array<{
    key: string;
    name: Localized;
    value: string;
    remark?: Localized;
    secret?: boolean;
    integer?: { minimum: number; maximum: number };
    /** The screen that keeps it beside the settings screen (approval: 审批规则, server/modules/workflow/rules.ts). */
    group?: 'approval';
    /** What the value names: a role of the site, or the people a step copies (checked at save). */
    choice?: 'role' | 'recipients';
  }>;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** Every area's top-level menus, in area order. */
/**
 * Every area's menu entries in the areas' order. For a site with its own `sites/<site>/<area>/menu.json`
 * (a keyed patch, validators/keyed-patch.ts: entries added, changed or removed by key), that site's.
 */
export function loadMenus(siteKey?: string, root = SCHEMAS_DIR): MenuManifestNode[] {
  const areas = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && d.name !== 'sites')
    .filter((d) => fs.existsSync(path.join(root, d.name, 'menu.json')))
    .flatMap((d) => {
      // A menu.json that is not JSON leaves its area's entries out (the check names the file).
      let base: Json;
      try {
        base = readJson<Json>(path.join(root, d.name, 'menu.json'));
      } catch {
        return [];
      }
      const patch = siteKey ? path.join(root, 'sites', siteKey, d.name, 'menu.json') : null;
      let patched = base;
      try {
        if (patch && fs.existsSync(patch)) patched = sitePatch(`${d.name}/menu.json`, base, readJson<Json>(patch));
      } catch {
        /* the site's patch is named by the check; the base menu stands */
      }
      return [patched as unknown as { order: number; menus: MenuManifestNode[] }];
    })
    .sort((a, b) => a.order - b.order);
  return areas.flatMap((a) => a.menus);
}

/** Sites whose folder patches a menu.json: their menus differ from the release's. */
export function sitesWithOwnMenus(root = SCHEMAS_DIR): string[] {
  const sites = path.join(root, 'sites');
  if (!fs.existsSync(sites)) return [];
  return fs
    .readdirSync(sites, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .filter((site) =>
      fs
        .readdirSync(path.join(sites, site), { withFileTypes: true })
        .some((a) => a.isDirectory() && fs.existsSync(path.join(sites, site, a.name, 'menu.json'))),
    );
}

// The core files (issue 35): the last sound version this process read, or null when the file has
// never been sound since the start (not JSON, or failing its check) — the caller then skips what it
// would do with it (the seed leaves the site's menus, dictionaries or settings as the database has them).

export function loadActions(): Record<string, Localized> | null {
  const json = schemaHealth().core<Record<string, Localized> & { $schema?: string }>('actions.json');
  if (!json) return null;
  const { $schema: _ignored, ...actions } = json;
  return actions as Record<string, Localized>;
}

export function loadDicts(): DictManifest | null {
  return schemaHealth().core<DictManifest>('system/dicts.json');
}

export function loadConfigs(): ConfigManifest | null {
  return schemaHealth().core<ConfigManifest>('system/configs.json');
}

/** Every <entity>.seed.json: rows each site starts with. */
export interface SeedFile {
  entity: string;
  /** Rows of a tree name their parent by a key field's value (`parentCode` → the row whose `code` it is). */
  tree?: { key: string; parent: string };
  rows: Array<Record<string, unknown>>;
}

export function loadSeeds(): SeedFile[] {
  const out: SeedFile[] = [];
  for (const area of fs.readdirSync(SCHEMAS_DIR, { withFileTypes: true })) {
    if (!area.isDirectory() || area.name.startsWith('_') || area.name === 'sites') continue;
    for (const file of fs
      .readdirSync(path.join(SCHEMAS_DIR, area.name))
      .filter((f) => f.endsWith('.seed.json'))
      .sort()) {
      // A seed file that is not JSON is named by the check; its area is out of service, not the start.
      try {
        out.push(readJson(path.join(SCHEMAS_DIR, area.name, file)));
      } catch {
        continue;
      }
    }
  }
  return out;
}

/** Permission key of a button: the page's key with its last segment replaced by the action. */
export function buttonPermission(pagePermission: string, action: string): string {
  return pagePermission.replace(/:[^:]+$/, `:${action}`);
}

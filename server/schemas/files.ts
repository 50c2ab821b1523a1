// Reading schemas/: every file by kind and name, and a site's view of them (its overrides under
// schemas/sites/<siteKey>/ merged over the base file of the same path, by validators/keyed-patch.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Json } from '../../validators/merge-patch.ts';
import { sitePatch } from '../../validators/keyed-patch.ts';

// SCHEMAS_DIR=… points the server at another copy of schemas/ (tests that break a file in a copy).
export const SCHEMAS_DIR = process.env.SCHEMAS_DIR
  ? path.resolve(process.env.SCHEMAS_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');
export const SITES_DIR = path.join(SCHEMAS_DIR, 'sites');

export type Kind = 'entity' | 'list' | 'form' | 'print' | 'approval' | 'detail' | 'calendar' | 'report' | 'reminders';
const KINDS: Kind[] = ['entity', 'list', 'form', 'print', 'approval', 'detail', 'calendar', 'report', 'reminders'];

export interface SchemaFile {
  kind: Kind;
  /** File stem: the entity name for entities, forms and prints; any stem for lists. */
  name: string;
  area: string;
  /** Path relative to schemas/, e.g. system/dictType.entity.json. */
  rel: string;
  json: Record<string, Json>;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'sites' && entry.name !== '_meta') walk(full, out);
    } else if (entry.name.endsWith('.json')) out.push(full);
  }
  return out;
}

export function readJson(file: string): Record<string, Json> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Json>;
}

/** Every base page and entity file (but those of the areas `skipArea` names: out of service). */
export function loadBaseFiles(root = SCHEMAS_DIR, skipArea: (area: string) => boolean = () => false): SchemaFile[] {
  const files: SchemaFile[] = [];
  for (const full of walk(root)) {
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (skipArea(rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '')) continue;
    const m = /^(?:(.+)\/)?([^/]+)\.(entity|list|form|print|approval|detail|calendar|report|reminders)\.json$/.exec(rel);
    if (!m) continue;
    files.push({ kind: m[3] as Kind, name: m[2]!, area: m[1] ?? '', rel, json: readJson(full) });
  }
  return files;
}

/** Every area's texts (…/i18n.json), merged: key → the four languages. */
export function loadTexts(
  root = SCHEMAS_DIR,
  skipArea: (area: string) => boolean = () => false,
): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const full of walk(root)) {
    if (path.basename(full) !== 'i18n.json') continue;
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (skipArea(rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '')) continue;
    const { $schema: _s, ...entries } = readJson(full) as Record<string, Json>;
    Object.assign(texts, entries);
  }
  return texts;
}

/**
 * The texts one site sees: the base texts with its own i18n.json patches over them (a label it
 * renames, the texts of fields it adds).
 */
export function siteTexts(
  base: Record<string, Record<string, string>>,
  overrides: Map<string, Record<string, Json>>,
): Record<string, Record<string, string>> {
  let out = base;
  for (const [rel, patch] of overrides) {
    if (path.posix.basename(rel) !== 'i18n.json') continue;
    const { $schema: _s, ...entries } = patch;
    out = sitePatch(rel, out as Json, entries as Json) as Record<string, Record<string, string>>;
  }
  return out;
}

/** Site keys that have an override folder. */
export function overrideSites(): string[] {
  if (!fs.existsSync(SITES_DIR)) return [];
  return fs.readdirSync(SITES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
}

/** A site's override patches, by the relative path of the base file they patch. */
export function loadOverrides(siteKey: string): Map<string, Record<string, Json>> {
  const dir = path.join(SITES_DIR, siteKey);
  const out = new Map<string, Record<string, Json>>();
  if (!fs.existsSync(dir)) return out;
  const kept = new Set<string>();
  for (const full of walk(dir)) {
    const rel = path.relative(dir, full).split(path.sep).join('/');
    const area = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
    // A patch that is not JSON, or of a site's area with a problem, is not read from its file: the
    // check names it; server/schemas/quarantine.ts serves that area's last sound patches, or keeps
    // the site's area out of service when it has none (issue 35).
    const source = sitePatchSource(siteKey, area);
    if (source === 'out') continue;
    if (source !== 'files') {
      if (!kept.has(area)) for (const [r, json] of source) out.set(r, json);
      kept.add(area);
      continue;
    }
    try {
      out.set(rel, readJson(full));
    } catch {
      continue;
    }
  }
  return out;
}

/**
 * The files as one site sees them: the base files with its patches merged, and its own reminders
 * files (a `<area>/<entity>.reminders.json` under its folder with no base file: whole files, for it
 * alone; issue 35).
 */
export function resolveForSite(base: SchemaFile[], overrides: Map<string, Record<string, Json>>): SchemaFile[] {
  if (!overrides.size) return base;
  const files = base.map((f) => {
    const patch = overrides.get(f.rel);
    // Keyed merge (validators/keyed-patch.ts): columns, fields, entries by name; objects as RFC 7396.
    return patch ? { ...f, json: sitePatch(f.rel, f.json, patch) as Record<string, Json> } : f;
  });
  const known = new Set(base.map((f) => f.rel));
  for (const [rel, json] of overrides) {
    const m = /^(.+)\/([^/]+)\.reminders\.json$/.exec(rel);
    if (m && !known.has(rel)) files.push({ kind: 'reminders', name: m[2]!, area: m[1]!, rel, json });
  }
  return files;
}

/**
 * Where a site's area takes its patches (set by server/schemas/quarantine.ts): 'files' (sound, read
 * them), 'out' (out of service: none), or its last sound patches by path relative to the site's folder.
 */
export type SitePatchSource = 'files' | 'out' | Map<string, Record<string, Json>>;
let sitePatchSource: (siteKey: string, area: string) => SitePatchSource = () => 'files';
export function setSitePatchSource(source: (siteKey: string, area: string) => SitePatchSource): void {
  sitePatchSource = source;
}

export { KINDS };

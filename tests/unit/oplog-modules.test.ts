// The operation log screen names every module in words: each module a route logs under is an
// entity (labelled by its title) or one of the entries of dictionary sys_oper_module in dicts.json.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBaseFiles, loadTexts } from '../../server/schemas/files.ts';
import { loadDicts } from '../../server/seed/manifests.ts';
import { withEntityModules } from '../../server/seed/sync.ts';

const SERVER = path.resolve(import.meta.dirname, '../../server');
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? sources(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));

describe('operation log modules', () => {
  const entities = loadBaseFiles()
    .filter((f) => f.kind === 'entity')
    .map((f) => ({ name: String(f.json.name), title: String(f.json.title) }));
  const texts = loadTexts();
  const modules = withEntityModules(loadDicts()!, entities, texts).types.find((t) => t.type === 'sys_oper_module')!;

  it('labels every entity by its title in the four languages', () => {
    for (const e of entities) {
      const entry = modules.data.find((d) => d.value === e.name);
      expect(entry?.label, e.name).toEqual(texts[e.title]);
    }
  });

  it('has a label for every module a route logs under', () => {
    const named = new Set<string>();
    for (const file of sources(SERVER)) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/log: \{ module: '([A-Za-z0-9]+)'/g)) named.add(m[1]!);
    }
    expect(named.size).toBeGreaterThan(5);
    const labelled = new Set(modules.data.map((d) => d.value));
    expect([...named].filter((m) => !labelled.has(m))).toEqual([]);
  });
});

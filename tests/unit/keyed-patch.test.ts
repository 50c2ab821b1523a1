// Site patches by name (issue 35): a site's file changes, adds or removes one column, query field,
// action, print field, menu entry or form node by its name, so later base changes still reach it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySitePatch, markersIn, PATCH_KINDS } from '../../validators/keyed-patch.ts';
import type { Json } from '../../validators/merge-patch.ts';
import { loadBaseFiles, loadOverrides, resolveForSite, SCHEMAS_DIR } from '../../server/schemas/files.ts';
import { loadMenus } from '../../server/seed/manifests.ts';

type L = { query: string[]; columns: Array<{ field: string }>; rowActions: Array<{ action: string }> };
type M = { menus: Array<{ children: Array<{ key: string }> }> };
type P = { sections: Array<{ type: string; fields: string[] }> };
const list: Json = {
  entity: 'policy',
  query: ['docTitle', 'category', 'issuer'],
  columns: [{ field: 'docTitle', link: { action: 'view' } }, { field: 'category' }, { field: 'issuedOn', width: 120 }],
  rowActions: [{ action: 'view' }, { action: 'edit' }, { action: 'remove', danger: true }],
};
const menu: Json = {
  order: 10,
  menus: [{ key: 'policy', title: 'x', children: [{ key: 'policyShare', title: 'y', path: '/policy/share' }] }],
};
const print: Json = {
  entity: 'policy',
  sections: [{ type: 'fields', fields: ['docTitle', 'issuer'] }, { type: 'text', title: 'policy.summary', field: 'summary' }, { type: 'approvals' }],
};
const fields = (j: Json) => ((j as { columns: Array<{ field: string }> }).columns ?? []).map((c) => c.field);

type Case = [name: string, rel: string, base: Json, patch: Json, expected: (j: Json) => unknown, value: unknown, faults: RegExp[]];
const cases: Case[] = [
  ["changes a column's width by field", 'a/p.list.json', list, { columns: [{ field: 'issuedOn', width: 90 }] },
    (j) => (j as L).columns[2], { field: 'issuedOn', width: 90 }, []],
  ['merges inside an element (link removed)', 'a/p.list.json', list, { columns: [{ field: 'docTitle', link: null }] },
    (j) => (j as L).columns[0], { field: 'docTitle' }, []],
  ['removes a query field', 'a/p.list.json', list, { query: [{ field: 'category', $remove: true }] },
    (j) => (j as L).query, ['docTitle', 'issuer'], []],
  ['adds a query field after another', 'a/p.list.json', list, { query: [{ field: 'docNumber', $after: 'docTitle' }] },
    (j) => (j as L).query, ['docTitle', 'docNumber', 'category', 'issuer'], []],
  ['adds a column after another', 'a/p.list.json', list, { columns: [{ field: 'reviewDue', $after: 'category' }] },
    fields, ['docTitle', 'category', 'reviewDue', 'issuedOn'], []],
  ['adds a column before another, and one at the end', 'a/p.list.json', list,
    { columns: [{ field: 'a', $before: 'docTitle' }, { field: 'z', $add: true }] }, fields, ['a', 'docTitle', 'category', 'issuedOn', 'z'], []],
  ['moves a column', 'a/p.list.json', list, { columns: [{ field: 'issuedOn', $before: 'docTitle' }] },
    fields, ['issuedOn', 'docTitle', 'category'], []],
  ['removes a row action by action', 'a/p.list.json', list, { rowActions: [{ action: 'remove', $remove: true }] },
    (j) => (j as L).rowActions.map((a) => a.action), ['view', 'edit'], []],
  ['replaces an array whole', 'a/p.list.json', list, { columns: { $replace: [{ field: 'category' }] } },
    fields, ['category'], []],
  ['adds a menu entry under a menu', 'a/menu.json', menu,
    { menus: [{ key: 'policy', children: [{ key: 'policyReview', title: 'z', path: '/policy/review', $after: 'policyShare' }] }] },
    (j) => (j as M).menus[0]!.children.map((c) => c.key), ['policyShare', 'policyReview'], []],
  ['adds a print field to the section of that type', 'a/p.print.json', print,
    { sections: [{ type: 'fields', fields: [{ field: 'reviewDue', $after: 'docTitle' }] }] },
    (j) => (j as P).sections[0]!.fields, ['docTitle', 'reviewDue', 'issuer'], []],
  ['removes a print section by title', 'a/p.print.json', print, { sections: [{ title: 'policy.summary', $remove: true }] },
    (j) => (j as P).sections.map((s) => s.type), ['fields', 'approvals'], []],
  ['places a form node after another', 'a/p.form.json', { schema: { properties: { a: {}, b: {}, c: {} } } },
    { schema: { properties: { n: { title: 'x', $after: 'a' }, c: { $before: 'a' } } } },
    (j) => Object.keys((j as { schema: { properties: object } }).schema.properties), ['c', 'a', 'n', 'b'], []],
  ['keeps RFC 7396 for arrays without identity', 'a/p.entity.json', { fields: { s: { enum: ['1', '2'] } } },
    { fields: { s: { enum: ['3'] } } }, (j) => j, { fields: { s: { enum: ['3'] } } }, []],
  ['an unknown identity is an error', 'a/p.list.json', list, { columns: [{ field: 'gone', width: 80 }] },
    fields, ['docTitle', 'category', 'issuedOn'], [/^\/columns\/0: the base file a\/p\.list\.json has no column 'gone' to change/]],
  ['a $remove of a missing one is an error', 'a/p.list.json', list, { query: [{ field: 'gone', $remove: true }] },
    (j) => (j as L).query, (list as L).query, [/^\/query\/0: the base file a\/p\.list\.json has no query field 'gone' to remove$/]],
  ['a position after a missing one is an error', 'a/p.list.json', list, { columns: [{ field: 'x', $after: 'gone' }] },
    fields, ['docTitle', 'category', 'issuedOn', 'x'], [/^\/columns\/0\/\$after: .* has no column 'gone' to place 'x' after/]],
  ['adding one the base has is an error', 'a/p.list.json', list, { columns: [{ field: 'category', $add: true }] },
    fields, ['docTitle', 'category', 'issuedOn'], [/already has the column 'category'/]],
  ['an unknown $ key is an error', 'a/p.list.json', list, { columns: [{ field: 'category', $move: 1 }], $foo: 1 },
    fields, ['docTitle', 'category', 'issuedOn'], [/^\/columns\/0\/\$move: \$move has no meaning here/, /^\/\$foo: \$foo has no meaning here/]],
  ['an element that names nothing is an error', 'a/p.list.json', list, { columns: [{ width: 3 }] },
    fields, ['docTitle', 'category', 'issuedOn'], [/^\/columns\/0: names no column: it needs "field"/]],
];

describe('keyed site patches', () => {
  it.each(cases)('%s', (_name, rel, base, patch, pick, value, faults) => {
    const before = JSON.stringify(base);
    const { json, problems } = applySitePatch(rel, base, patch);
    expect(pick(json)).toEqual(value);
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual(faults.map((f) => expect.stringMatching(f)));
    expect(JSON.stringify(base)).toBe(before); // the base is not changed
  });

  it("a site's $schema is its own: the merged file keeps the base's", () => {
    const { json } = applySitePatch('a/p.list.json', { $schema: '../_meta/list.schema.json', ...(list as object) } as Json, { $schema: '../../../_meta/site-patch.schema.json' });
    expect((json as { $schema: string }).$schema).toBe('../_meta/list.schema.json');
  });

  it('markers belong in site files: markersIn names them in a base file', () => {
    expect(markersIn({ columns: [{ field: 'a', $after: 'b' }] })).toEqual(['/columns/0/$after']);
  });

  it('docs/schemas.md shows every keyed array of the table', () => {
    const doc = fs.readFileSync(path.join(SCHEMAS_DIR, '../docs/schemas.md'), 'utf8');
    for (const k of PATCH_KINDS) for (const a of k.arrays) expect(doc).toContain(`| ${k.kind} | \`${a.path}\` | ${a.key.map((x) => `\`${x}\``).join(' else ')} |`);
  });
});

describe("the city's patches follow later base changes", () => {
  const base = loadBaseFiles();
  const city = loadOverrides('city');

  it('a column the base adds later reaches the city, beside the column the city added', () => {
    const rel = 'policy/policy.list.json';
    const changed = base.map((f) => {
      if (f.rel !== rel) return f;
      const json = structuredClone(f.json) as { columns: Array<{ field: string }> };
      // The base (a later release) adds a column after docNumber.
      json.columns.splice(json.columns.findIndex((c) => c.field === 'docNumber') + 1, 0, { field: 'summary' });
      return { ...f, json: json as unknown as typeof f.json };
    });
    const seen = resolveForSite(changed, city).find((f) => f.rel === rel)!.json as { columns: Array<{ field: string }>; query: string[] };
    expect(seen.columns.map((c) => c.field)).toEqual(['docTitle', 'category', 'docNumber', 'summary', 'issuer', 'issuedOn', 'reviewDue', 'status']);
    expect(seen.query).toEqual(['docTitle', 'category', 'issuer', 'docNumber']);
  });

  it("the city's supplier list: bank removed, licence columns after the qualification's", () => {
    const seen = resolveForSite(base, city).find((f) => f.rel === 'purchase/supplier.list.json')!.json as { columns: Array<{ field: string }> };
    expect(seen.columns.map((c) => c.field)).toEqual([
      'name', 'taxId', 'kind', 'contact', 'phone', 'qualificationExpiry', 'deviceLicenceExpiry', 'drugLicenceExpiry', 'qualificationState', 'status',
    ]);
  });

  it("the city's policy print gets its review date after the issue date", () => {
    const seen = resolveForSite(base, city).find((f) => f.rel === 'policy/policy.print.json')!.json as { sections: Array<{ fields?: string[] }> };
    expect(seen.sections[0]!.fields).toEqual(['docTitle', 'category', 'docNumber', 'issuer', 'issuedOn', 'reviewDue', 'status']);
  });

  it('menus of a site go through the same keyed merge', () => {
    expect(loadMenus('city').length).toBeGreaterThan(0);
  });
});

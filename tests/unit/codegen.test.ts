// Code generation: SQL and sample values to field types, the files it writes, and that an
// implementer who unpacks them (merging the texts, adding the menu entry) passes schemas:check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  camel,
  CodegenError,
  fromColumns,
  fromSample,
  humanise,
  type ColumnInfo,
  type Generated,
} from '../../server/modules/codegen/generate.ts';
import { MIGRATIONS_DIR, runSchemasCheck } from '../../server/schemas/check.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';

type Json = any;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const byPath = (g: Generated) => Object.fromEntries(g.files.map((f) => [f.path, JSON.parse(f.content)]));
const entityOf = (g: Generated) => JSON.parse(g.files.find((f) => f.path.endsWith('.entity.json'))!.content);

const col = (name: string, dataType: string, extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  name,
  dataType,
  maxLength: null,
  nullable: true,
  ...extra,
});

// A table as information_schema describes it, standard columns included.
const COLUMNS: ColumnInfo[] = [
  col('id', 'bigint', { nullable: false }),
  col('top_dept_id', 'bigint', { nullable: false }),
  col('contract_no', 'character varying', { maxLength: 50, nullable: false }),
  col('party_name', 'varchar(200)'),
  col('remark', 'text'),
  col('item_count', 'integer'),
  col('big_count', 'bigint'),
  col('amount', 'numeric', { precision: 18, scale: 2, nullable: false }),
  col('rate', 'numeric', { precision: 10, scale: 4 }),
  col('ratio', 'double precision'),
  col('sign_date', 'date'),
  col('signed_at', 'timestamp with time zone'),
  col('checked_at', 'timestamp without time zone'),
  col('archived', 'boolean', { nullable: false }),
  col('meta', 'jsonb'),
  col('raw_meta', 'json'),
  col('external_id', 'uuid'),
  col('line_2', 'varchar(20)'),
  col('extend', 'jsonb', { nullable: false }),
  col('schema_version', 'character varying', { maxLength: 32 }),
  col('version', 'integer', { nullable: false }),
  col('created_by', 'bigint'),
  col('created_at', 'timestamp with time zone', { nullable: false }),
  col('updated_by', 'bigint'),
  col('updated_at', 'timestamp with time zone'),
];

const OPTIONS = { name: 'contractLedger', area: 'cgtest' };

describe('names', () => {
  it('turns column and key names into camelCase field names', () => {
    expect(camel('contract_no')).toBe('contractNo');
    expect(camel('CONTRACT_NO')).toBe('contractNo');
    expect(camel('contract-no')).toBe('contractNo');
    expect(camel('ContractNo')).toBe('contractNo');
    expect(camel('contractNo')).toBe('contractNo');
    expect(camel('line_2')).toBe('line2');
    expect(camel('2nd')).toBe('');
    expect(camel('名称')).toBe('');
  });

  it('humanises field names for the starting texts', () => {
    expect(humanise('contractNo')).toBe('Contract no');
    expect(humanise('line2')).toBe('Line 2');
    expect(humanise('amount')).toBe('Amount');
  });
});

describe('from the columns of a table', () => {
  const g = fromColumns('biz_contract_ledger', COLUMNS, OPTIONS);
  const entity = entityOf(g);

  it('writes the four files under schemas/<area>/', () => {
    expect(g.files.map((f) => f.path)).toEqual([
      'schemas/cgtest/contractLedger.entity.json',
      'schemas/cgtest/contractLedger.list.json',
      'schemas/cgtest/contractLedger.form.json',
      'schemas/cgtest/i18n.contractLedger.json',
    ]);
    for (const f of g.files) expect(f.content.endsWith('}\n')).toBe(true);
  });

  it('maps SQL types to field types', () => {
    const types = Object.fromEntries(Object.entries(entity.fields).map(([k, v]: [string, Json]) => [k, v.type]));
    expect(types).toEqual({
      contractNo: 'string',
      partyName: 'string',
      remark: 'text',
      itemCount: 'integer',
      bigCount: 'integer',
      amount: 'money',
      rate: 'number',
      ratio: 'number',
      signDate: 'date',
      signedAt: 'datetime',
      checkedAt: 'datetime',
      archived: 'boolean',
      meta: 'json',
      rawMeta: 'json',
      line2: 'string',
    });
    expect(entity.fields.contractNo).toMatchObject({ maxLength: 50, required: true, title: 'contractLedger.contractNo' });
    expect(entity.fields.partyName.maxLength).toBe(200);
    expect(entity.fields.partyName.required).toBeUndefined();
    expect(entity.fields.amount.required).toBe(true);
    // A switch is never required: false is an answer.
    expect(entity.fields.archived.required).toBeUndefined();
    // A column whose name does not come back from the field name is named.
    expect(entity.fields.line2.column).toBe('line_2');
    expect(entity.fields.contractNo.column).toBeUndefined();
  });

  it('skips the standard columns and reports the columns no field type holds', () => {
    for (const std of [
      'id',
      'topDeptId',
      'extend',
      'schemaVersion',
      'version',
      'createdBy',
      'createdAt',
      'updatedBy',
      'updatedAt',
    ]) {
      expect(entity.fields).not.toHaveProperty(std);
    }
    expect(g.skipped).toEqual(['external_id']);
  });

  it('keeps the existing table: generate false, its name, the default api and permission', () => {
    expect(entity).toMatchObject({
      $schema: '../_meta/entity.schema.json',
      name: 'contractLedger',
      title: 'contractLedger.title',
      table: 'biz_contract_ledger',
      generate: false,
      api: '/cgtest/contractLedger',
      permission: 'cgtest:contractLedger',
      display: 'contractNo',
    });
    const e2 = entityOf(fromColumns('t', COLUMNS, { ...OPTIONS, api: '/x/ledger', permission: 'x:ledger' }));
    expect(e2).toMatchObject({ api: '/x/ledger', permission: 'x:ledger' });
  });

  it('fills every text in the four languages with the humanised name', () => {
    const i18n = byPath(g)['schemas/cgtest/i18n.contractLedger.json'];
    expect(i18n.$schema).toBe('../_meta/i18n.schema.json');
    expect(i18n['contractLedger.title']).toEqual({
      'zh-CN': 'Contract ledger',
      'zh-TW': 'Contract ledger',
      'en-US': 'Contract ledger',
      'pt-BR': 'Contract ledger',
    });
    for (const field of Object.keys(entity.fields)) expect(i18n[`contractLedger.${field}`]?.['pt-BR']).toBeTruthy();
  });

  it('lists, queries and lays out the fields', () => {
    const files = byPath(g);
    const list = files['schemas/cgtest/contractLedger.list.json'];
    expect(list.component).toBe('ContractLedger');
    expect(list.query).toEqual(['contractNo', 'partyName']);
    expect(list.dateRange).toBe('signDate');
    expect(list.columns[0]).toEqual({ field: 'contractNo', link: { action: 'view' } });
    expect(list.columns.map((c: Json) => c.field)).not.toContain('remark');
    expect(entity.fields.contractNo.query).toBe('like');
    expect(entity.fields.signDate.query).toBe('between');
    const form = files['schemas/cgtest/contractLedger.form.json'];
    const grid = form.schema.properties.grid.properties;
    expect(Object.keys(grid)).toEqual(Object.keys(entity.fields));
    expect(grid.remark).toEqual({ 'x-decorator-props': { gridSpan: 2 } });
    expect(grid.amount).toEqual({});
  });

  it('refuses what the entity meta-schema would refuse, and a table of standard columns only', () => {
    const problem = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof CodegenError ? `${e.problem} ${e.value}` : String(e);
      }
      return null;
    };
    expect(problem(() => fromColumns('t', COLUMNS, { name: 'ledger2', area: 'cgtest' }))).toBe('api /cgtest/ledger2');
    expect(problem(() => fromColumns('t', COLUMNS, { name: 'ledger', area: 'area2', api: '/a/ledger' }))).toBe(
      'permission area2:ledger',
    );
    expect(problem(() => fromColumns('t', COLUMNS.slice(0, 2), OPTIONS))).toBe('noFields ');
  });
});

describe('from a sample record', () => {
  const sample = {
    id: 7,
    created_at: '2024-05-01T08:00:00Z',
    title: 'Office chairs',
    supplier_name: 'ACME Furniture Ltd',
    quantity: 12,
    unit_price: '350.00',
    discount: 0.15,
    urgent: true,
    needed_by: '2024-06-30',
    ordered_at: '2024-05-02 09:30:00',
    notes: 'x'.repeat(300),
    lines: [{ sku: 'A1' }],
    address: { city: 'Macau' },
    reviewer: null,
    Title: 'duplicate once camelCased',
    名称: 'not a usable name',
  };
  const g = fromSample(sample, { name: 'purchaseNote', area: 'cgtest' });
  const entity = entityOf(g);

  it('infers field types from the values', () => {
    const types = Object.fromEntries(Object.entries(entity.fields).map(([k, v]: [string, Json]) => [k, v.type]));
    expect(types).toEqual({
      title: 'string',
      supplierName: 'string',
      quantity: 'integer',
      unitPrice: 'money',
      discount: 'number',
      urgent: 'boolean',
      neededBy: 'date',
      orderedAt: 'datetime',
      notes: 'text',
      lines: 'json',
      address: 'json',
      reviewer: 'string',
    });
    expect(entity.fields.title.maxLength).toBe(50);
    expect(entity.fields.notes.maxLength).toBe(2000);
    expect(entity.fields.reviewer.maxLength).toBe(255);
    expect(g.skipped).toEqual(['Title', '名称']);
  });

  it('makes a new table the runtime creates', () => {
    expect(entity).toMatchObject({
      table: 'biz_purchase_note',
      generate: true,
      api: '/cgtest/purchaseNote',
      permission: 'cgtest:purchaseNote',
    });
    expect(entity.fields).not.toHaveProperty('id');
    expect(entity.fields).not.toHaveProperty('createdAt');
  });

  it('treats look-alikes carefully', () => {
    const e = entityOf(fromSample({ a: '2024-13-01', b: '12.5', c: '12.50', d: '2024-02-03T04:05' }, { name: 'x', area: 'y' }));
    expect(e.fields.a.type).toBe('string');
    expect(e.fields.b.type).toBe('string');
    expect(e.fields.c.type).toBe('money');
    expect(e.fields.d.type).toBe('datetime');
  });
});

/** Every meta-schema of schemas/_meta in one ajv, as schemas:check loads them. */
function metaValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const dir = path.join(SCHEMAS_DIR, '_meta');
  for (const f of fs.readdirSync(dir)) ajv.addSchema(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  return (file: string, json: Json) => {
    const id = file.endsWith('.entity.json')
      ? 'entity.schema.json'
      : file.endsWith('.list.json')
        ? 'list.schema.json'
        : file.endsWith('.form.json')
          ? 'form.schema.json'
          : 'i18n.schema.json';
    const validate = ajv.getSchema(id)!;
    return validate(json) ? [] : validate.errors!.map((e) => `${file} ${e.instancePath} ${e.message}`);
  };
}

describe('the generated files', () => {
  const fromTable = fromColumns('biz_contract_ledger', COLUMNS, OPTIONS);
  const fromRecord = fromSample(
    { title: 'a', amount: '1.00', on: '2024-01-02', extra: { a: 1 } },
    { name: 'purchaseNote', area: 'cgtest' },
  );

  it('validate against the meta-schemas', () => {
    const check = metaValidator();
    for (const g of [fromTable, fromRecord]) {
      for (const f of g.files) {
        expect(JSON.parse(f.content).$schema).toMatch(/^\.\.\/_meta\/(entity|list|form|i18n)\.schema\.json$/);
        expect(check(f.path, JSON.parse(f.content))).toEqual([]);
      }
    }
    // The check can fail.
    expect(check('x.entity.json', { ...entityOf(fromRecord), fields: {} })).not.toEqual([]);
  });

  it('pass schemas:check once unpacked, the texts merged and the menu entry added', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codegen-'));
    temps.push(dir);
    const root = path.join(dir, 'schemas');
    const migrations = path.join(dir, 'migrations');
    fs.cpSync(SCHEMAS_DIR, root, { recursive: true });
    fs.cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    // The existing table the first entity was generated from.
    fs.writeFileSync(
      path.join(migrations, '9999_codegen_test.sql'),
      `create table biz_contract_ledger (
        id bigserial primary key, top_dept_id bigint not null, contract_no varchar(50) not null, party_name varchar(200),
        remark text, item_count integer, big_count bigint, amount numeric(18,2) not null, rate numeric(10,4),
        ratio double precision, sign_date date, signed_at timestamptz, checked_at timestamptz, archived boolean not null,
        meta jsonb, raw_meta json, external_id uuid, line_2 varchar(20), extend jsonb not null default '{}'::jsonb,
        schema_version varchar(32), version integer not null default 0, created_by bigint,
        created_at timestamptz not null default now(), updated_by bigint, updated_at timestamptz);`,
    );
    const texts: Json = { $schema: '../_meta/i18n.schema.json' };
    const menus: Json[] = [];
    for (const g of [fromTable, fromRecord]) {
      for (const f of g.files) {
        fs.mkdirSync(path.dirname(path.join(dir, f.path)), { recursive: true });
        fs.writeFileSync(path.join(dir, f.path), f.content);
        if (f.path.includes('/i18n.')) Object.assign(texts, JSON.parse(f.content));
      }
      const e = entityOf(g);
      const title = { 'zh-CN': e.name, 'zh-TW': e.name, 'en-US': e.name, 'pt-BR': e.name };
      menus.push({
        key: e.name,
        title,
        path: e.api,
        component: e.name[0].toUpperCase() + e.name.slice(1),
        permission: `${e.permission}:list`,
        buttons: ['add', 'edit', 'remove', 'export'],
      });
    }
    fs.writeFileSync(path.join(root, 'cgtest/i18n.json'), JSON.stringify(texts, null, 2));
    fs.writeFileSync(
      path.join(root, 'cgtest/menu.json'),
      JSON.stringify({ $schema: '../_meta/menu.schema.json', order: 999, menus }, null, 2),
    );
    const { problems } = runSchemasCheck(root, migrations);
    expect(problems.filter((p) => p.file.startsWith('cgtest/'))).toEqual([]);
    // The check sees the files: an unknown field in the list is reported.
    const list = path.join(root, 'cgtest/purchaseNote.list.json');
    const json = JSON.parse(fs.readFileSync(list, 'utf8'));
    json.columns.push({ field: 'nope' });
    fs.writeFileSync(list, JSON.stringify(json));
    expect(runSchemasCheck(root, migrations).problems.filter((p) => p.file.startsWith('cgtest/'))).toHaveLength(1);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSchemas, MIGRATIONS_DIR, parseMigrations, splitSqlStatements, type Problem } from '../../server/schemas/check.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';
import { splitStatements } from '../../server/platform/db/migrate.ts';
import { schemaProblems } from '../../server/boot.ts';
import { SchemaHealth } from '../../server/schemas/quarantine.ts';

type Json = any;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of schemas/ (and of the migrations) to break one thing in. */
function copy(): { root: string; migrations: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-check-'));
  temps.push(dir);
  const root = path.join(dir, 'schemas');
  const migrations = path.join(dir, 'migrations');
  fs.cpSync(SCHEMAS_DIR, root, { recursive: true });
  fs.cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
  return { root, migrations };
}

function edit(root: string, rel: string, change: (json: Json) => void): void {
  const file = path.join(root, rel);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(json);
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
}

function write(root: string, rel: string, json: Json): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
}

/** The problems of one file at one pointer. */
const at = (problems: Problem[], file: string, pointer: string) =>
  problems.filter((p) => p.file === file && p.pointer === pointer);

describe('schemas:check on the real schemas', () => {
  it('finds no problems', () => {
    expect(checkSchemas()).toEqual([]);
  });

  it('splits migrations as the migrator does', () => {
    for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      expect(splitSqlStatements(text)).toEqual(splitStatements(text));
    }
  });

  it('reads the tables and column types of the migrations', () => {
    const tables = parseMigrations();
    expect(tables.get('sys_dict_type')?.get('dict_name')).toBe('varchar(100)');
    expect(tables.get('sys_user')?.get('created_at')).toBe('timestamptz');
    expect(tables.get('sys_user')?.has('unique')).toBe(false);
    expect(tables.get('sys_login_log')?.has('created_by')).toBe(false);
  });
});

describe('schemas:check finds', () => {
  it('a meta-schema violation', () => {
    const { root } = copy();
    edit(root, 'system/dictType.entity.json', (j) => {
      j.fields.dictName.type = 'strnig';
      j.colour = 'red';
    });
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictType.entity.json', '/fields/dictName/type')).toHaveLength(1);
    expect(at(problems, 'system/dictType.entity.json', '/colour')[0]?.message).toMatch(/not allowed/);
  });

  it('a form component the renderer does not have', () => {
    const { root } = copy();
    edit(root, 'system/dictType.form.json', (j) => {
      j.schema.properties.status['x-component'] = 'Radios.Group';
      j.schema.properties.remark['x-decorator'] = 'FormItm';
    });
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictType.form.json', '/schema/properties/status/x-component')[0]?.message).toMatch(
      /no form component Radios\.Group \(known: .*Radio, /,
    );
    expect(at(problems, 'system/dictType.form.json', '/schema/properties/remark/x-decorator')).toHaveLength(1);
    expect(problems.filter((p) => p.file === 'system/dictType.form.json')).toHaveLength(2);
  });

  it('a file naming no or an unknown meta-schema', () => {
    const { root } = copy();
    edit(root, 'system/dictType.list.json', (j) => delete j.$schema);
    edit(root, 'system/dictType.form.json', (j) => (j.$schema = '../_meta/nothing.schema.json'));
    edit(root, 'system/website.seed.json', (j) => (j.$schema = '../_meta/list.schema.json'));
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictType.list.json', '')[0]?.message).toMatch(/no meta-schema/);
    expect(at(problems, 'system/dictType.form.json', '/$schema')[0]?.message).toMatch(/unknown meta-schema/);
    expect(at(problems, 'system/website.seed.json', '/$schema')[0]?.message).toMatch(/seed\.schema\.json/);
  });

  it('an unknown field in a list column, query, sort and fixed query', () => {
    const { root } = copy();
    edit(root, 'system/dictData.list.json', (j) => {
      j.columns[1].field = 'dictValu';
      j.query.push('nope');
      j.defaultSort = { field: 'sortOrder' };
      j.fixedQuery.dictTyp = 'dictType';
    });
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictData.list.json', '/columns/1/field')[0]?.message).toMatch(/dictValu is not a field/);
    expect(at(problems, 'system/dictData.list.json', '/query/2')).toHaveLength(1);
    expect(at(problems, 'system/dictData.list.json', '/defaultSort/field')).toHaveLength(1);
    expect(at(problems, 'system/dictData.list.json', '/fixedQuery/dictTyp')).toHaveLength(1);
    expect(problems).toHaveLength(4);
  });

  it('a file action on a field the entity lacks, or off a row', () => {
    const { root } = copy();
    edit(root, 'system/file.list.json', (j) => {
      j.rowActions.push({ action: 'download', field: 'link' });
      j.toolbar.push({ action: 'preview' });
    });
    edit(root, 'system/dictData.list.json', (j) => j.rowActions.push({ action: 'preview' }));
    const problems = checkSchemas(root);
    const rows = JSON.parse(fs.readFileSync(path.join(root, 'system/file.list.json'), 'utf8')).rowActions.length;
    expect(at(problems, 'system/file.list.json', `/rowActions/${rows - 1}/field`)[0]?.message).toMatch(
      /link is not a field of entity file/,
    );
    expect(at(problems, 'system/file.list.json', '/toolbar/1/action')[0]?.message).toMatch(/acts on a row/);
    const dictRows = JSON.parse(fs.readFileSync(path.join(root, 'system/dictData.list.json'), 'utf8')).rowActions.length;
    // Without a field the row's url is meant: dictionary entries have none.
    expect(at(problems, 'system/dictData.list.json', `/rowActions/${dictRows - 1}/field`)[0]?.message).toMatch(
      /url is not a field of entity dictData/,
    );
    expect(problems).toHaveLength(3);
  });

  it('standard fields only where the table has their columns', () => {
    const { root } = copy();
    edit(root, 'monitor/loginLog.list.json', (j) => j.columns.push({ field: 'updatedAt' }));
    edit(root, 'system/dictType.list.json', (j) => j.columns.push({ field: 'updatedBy' }));
    const problems = checkSchemas(root);
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([['monitor/loginLog.list.json', '/columns/7/field']]);
  });

  it('an unknown dictionary', () => {
    const { root } = copy();
    edit(root, 'system/dictType.entity.json', (j) => (j.fields.status.dict = 'sys_no_such'));
    const problems = checkSchemas(root);
    expect(problems).toEqual([
      {
        file: 'system/dictType.entity.json',
        pointer: '/fields/status/dict',
        message: 'dictionary sys_no_such is not in system/dicts.json',
      },
    ]);
  });

  it('a missing i18n key', () => {
    const { root } = copy();
    edit(root, 'system/dictType.entity.json', (j) => (j.fields.remark.title = 'dictType.nothing'));
    edit(root, 'system/dictType.list.json', (j) => (j.rowActions[2].confirm = 'dictType.sure'));
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictType.entity.json', '/fields/remark/title')[0]?.message).toMatch(/dictType\.nothing/);
    expect(at(problems, 'system/dictType.list.json', '/rowActions/2/confirm')).toHaveLength(1);
    expect(problems).toHaveLength(2);
  });

  it('an i18n key missing a language', () => {
    const { root } = copy();
    edit(root, 'system/i18n.json', (j) => {
      delete j['dictType.dictName']['pt-BR'];
      j['dictType.title']['zh-TW'] = ' ';
    });
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictType.entity.json', '/fields/dictName/title')[0]?.message).toMatch(/no pt-BR text/);
    expect(at(problems, 'system/dictType.entity.json', '/title')[0]?.message).toMatch(/no zh-TW text/);
    // The i18n file itself breaks its meta-schema too.
    expect(at(problems, 'system/i18n.json', '/dictType.dictName').length).toBeGreaterThan(0);
  });

  it('an approval step or process without texts in four languages', () => {
    const { root } = copy();
    const bpmn = path.join(root, 'leave/leave.bpmn');
    // A step added to a default process, with no texts for it.
    fs.writeFileSync(
      bpmn,
      fs
        .readFileSync(bpmn, 'utf8')
        .replace('<bpmn:endEvent', '<bpmn:userTask id="hr" name="人事审核" nk:candidateType="starter" />\n    <bpmn:endEvent'),
    );
    edit(root, 'leave/i18n.json', (j) => delete j['process.leave.principal']['en-US']);
    edit(root, 'salary/i18n.json', (j) => delete j['process.salary']);
    const problems = checkSchemas(root);
    expect(at(problems, 'leave/leave.bpmn', '#hr')[0]?.message).toMatch(
      /step hr \(人事审核\) has no texts: add process\.leave\.hr/,
    );
    expect(at(problems, 'leave/leave.bpmn', '#principal')[0]?.message).toMatch(/no en-US text/);
    expect(at(problems, 'salary/salary.bpmn', '#salary')[0]?.message).toMatch(/process salary has no texts/);
  });

  it('a document that goes through approval without a print file (issue 34)', () => {
    const { root } = copy();
    fs.rmSync(path.join(root, 'consumable/consumableLoss.print.json'));
    // A print file under another name counts only when the entity's `print` names it.
    fs.renameSync(path.join(root, 'leave/leaveApply.print.json'), path.join(root, 'leave/leaveSlip.print.json'));
    // A register without a process needs none.
    fs.rmSync(path.join(root, 'meeting/meetingRecord.print.json'));
    let problems = checkSchemas(root);
    expect(at(problems, 'consumable/consumableLoss.entity.json', '/process')[0]?.message).toBe(
      'entity consumableLoss goes through approval but has no print file consumableLoss.print.json',
    );
    expect(at(problems, 'leave/leaveApply.entity.json', '/process')[0]?.message).toMatch(/no print file leaveApply\.print\.json/);
    expect(problems).toHaveLength(2);
    edit(root, 'leave/leaveApply.entity.json', (j) => (j.print = 'leaveSlip'));
    problems = checkSchemas(root);
    expect(at(problems, 'leave/leaveApply.entity.json', '/process')).toEqual([]);
    expect(problems).toHaveLength(1);
  });

  it('an unknown permission key', () => {
    const { root } = copy();
    edit(root, 'system/dictType.list.json', (j) => (j.rowActions[1].permission = 'system:dictDate:list'));
    edit(root, 'system/config.entity.json', (j) => (j.permission = 'system:settings'));
    const problems = checkSchemas(root);
    expect(at(problems, 'system/dictType.list.json', '/rowActions/1/permission')[0]?.message).toMatch(/system:dictDate:list/);
    expect(at(problems, 'system/config.entity.json', '/permission')[0]?.message).toMatch(/system:settings:list/);
    expect(problems).toHaveLength(2);
  });

  it('a button permission from a menu node', () => {
    const { root } = copy();
    edit(root, 'system/dictType.list.json', (j) => {
      j.toolbar.push({ action: 'request', permission: 'system:dict:resetPwd' });
      j.toolbar.push({ action: 'view', permission: 'system:dict:query' });
    });
    const problems = checkSchemas(root);
    expect(problems.map((p) => p.pointer)).toEqual(['/toolbar/3/permission']);
  });

  it('menu buttons, keys and paths, and list components', () => {
    const { root } = copy();
    edit(root, 'monitor/menu.json', (j) => {
      j.menus[0].children[1].buttons.push('explode');
      j.menus[0].children[1].key = 'user';
      j.menus[0].children[1].path = '/system/dict';
    });
    edit(root, 'system/website.list.json', (j) => (j.component = 'Dict'));
    const problems = checkSchemas(root);
    expect(at(problems, 'monitor/menu.json', '/menus/0/children/1/buttons/1')).toHaveLength(1);
    // The later of two uses is reported (monitor/ is read before system/).
    expect(problems.find((p) => /menu key user/.test(p.message))).toMatchObject({
      file: 'system/menu.json',
      pointer: '/menus/0/children/0/key',
    });
    expect(problems.find((p) => /menu path \/system\/dict /.test(p.message))).toMatchObject({
      file: 'system/menu.json',
      pointer: '/menus/0/children/5/path',
    });
    expect(problems.filter((p) => p.pointer === '/component')).toHaveLength(1);
  });

  it('a menu entry granted by default to a role the seed does not have', () => {
    const { root } = copy();
    edit(root, 'venue/menu.json', (j) => (j.menus[0].children[1].roles = ['staff', 'teacher']));
    const problems = checkSchemas(root);
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([['venue/menu.json', '/menus/0/children/1/roles/1']]);
    expect(problems[0]!.message).toMatch(/role teacher is no role/);
  });

  it('a form property that is not a field', () => {
    const { root } = copy();
    edit(root, 'system/dictType.form.json', (j) => {
      j.schema.properties.dictTypo = {};
      j.schema.properties.more = { type: 'void', properties: { alsoWrong: {} } };
    });
    const problems = checkSchemas(root);
    expect(problems).toEqual([
      {
        file: 'system/dictType.form.json',
        pointer: '/schema/properties/dictTypo',
        message: 'dictTypo is not a field of entity dictType (an input of the form alone says "x-form-only": true)',
      },
      {
        file: 'system/dictType.form.json',
        pointer: '/schema/properties/more/properties/alsoWrong',
        message: 'alsoWrong is not a field of entity dictType (an input of the form alone says "x-form-only": true)',
      },
    ]);
  });

  it('entity references: ref, display, status, sort, uniqueWith, list and seed entities', () => {
    const { root } = copy();
    edit(root, 'system/dictData.entity.json', (j) => {
      j.display = 'label';
      j.status.field = 'state';
      j.fields.dictValue.uniqueWith = ['dictKind'];
    });
    edit(root, 'monitor/operLog.entity.json', (j) => (j.fields.userId.ref = 'person'));
    edit(root, 'system/website.seed.json', (j) => (j.rows[0].homepage = 'x'));
    edit(root, 'system/file.list.json', (j) => (j.entity = 'files'));
    const problems = checkSchemas(root);
    expect(problems.map((p) => `${p.file} ${p.pointer}`).sort()).toEqual(
      [
        'monitor/operLog.entity.json /fields/userId/ref',
        'system/dictData.entity.json /display',
        'system/dictData.entity.json /status/field',
        'system/dictData.entity.json /fields/dictValue/uniqueWith/0',
        'system/file.list.json /entity',
        'system/website.seed.json /rows/0/homepage',
      ].sort(),
    );
  });

  it('a migration column missing or of the wrong type', () => {
    const { root, migrations } = copy();
    const sqlFile = path.join(migrations, '0001_core.sql');
    const sql = fs.readFileSync(sqlFile, 'utf8');
    const start = sql.indexOf('create table sys_dict_type');
    const end = sql.indexOf(');', start);
    const table = sql
      .slice(start, end)
      .replace('dict_name    varchar(100) not null', 'dict_name    integer not null')
      .replace(/\n\s*remark\s+varchar\(500\),/, '');
    fs.writeFileSync(sqlFile, sql.slice(0, start) + table + sql.slice(end));
    const problems = checkSchemas(root, migrations);
    expect(at(problems, 'system/dictType.entity.json', '/fields/dictName')[0]?.message).toMatch(/integer/);
    expect(at(problems, 'system/dictType.entity.json', '/fields/remark')[0]?.message).toMatch(
      /sys_dict_type\.remark is in no migration/,
    );
    expect(problems).toHaveLength(2);
  });

  it('a field without a column, a column added later, and a missing table', () => {
    const { root, migrations } = copy();
    edit(root, 'system/config.entity.json', (j) => {
      j.fields.note = { type: 'string', title: 'common.remark', maxLength: 200 };
      j.fields.amount = { type: 'money', title: 'common.remark' };
    });
    edit(root, 'system/dictType.entity.json', (j) => (j.table = 'sys_dict_kind'));
    expect(at(checkSchemas(root, migrations), 'system/config.entity.json', '/fields/note')).toHaveLength(1);
    fs.writeFileSync(
      path.join(migrations, '0002_more.sql'),
      'alter table sys_config add column if not exists note varchar(200);\nalter table sys_config add column amount numeric(18, 2);\n',
    );
    const problems = checkSchemas(root, migrations);
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([['system/dictType.entity.json', '/table']]);
  });

  it('a column shorter than the field', () => {
    const { root } = copy();
    edit(root, 'system/user.entity.json', (j) => (j.fields.loginName.maxLength = 100));
    const problems = checkSchemas(root);
    expect(problems.map((p) => [p.file, p.pointer])).toEqual([['system/user.entity.json', '/fields/loginName']]);
  });

  it('no table problems for generated entities', () => {
    const { root } = copy();
    edit(root, 'system/website.entity.json', (j) => (j.fields.logo = { type: 'files', title: 'common.remark' }));
    expect(checkSchemas(root)).toEqual([]);
  });
});

describe('schemas:check on site overrides', () => {
  it('accepts a valid override', () => {
    const { root } = copy();
    write(root, 'sites/acme/system/dictType.entity.json', { fields: { remark: { maxLength: 300 } } });
    write(root, 'sites/acme/system/dictType.list.json', { columns: [{ field: 'dictName' }, { field: 'remark' }] });
    expect(checkSchemas(root)).toEqual([]);
  });

  it('a site adds a field with its texts; a table of the migrations must keep it in extend', () => {
    const { root } = copy();
    write(root, 'sites/acme/system/website.entity.json', {
      fields: { motto: { type: 'string', title: 'website.motto', maxLength: 50 } },
    });
    write(root, 'sites/acme/system/i18n.json', {
      'website.motto': { 'zh-CN': '校训', 'zh-TW': '校訓', 'en-US': 'Motto', 'pt-BR': 'Lema' },
    });
    write(root, 'sites/acme/system/deptBase.entity.json', {
      fields: { owner: { type: 'string', title: 'website.motto', inExtend: true } },
    });
    expect(checkSchemas(root)).toEqual([]);
    write(root, 'sites/acme/system/dictType.entity.json', { fields: { owner: { type: 'string', title: 'website.motto' } } });
    expect(at(checkSchemas(root), 'sites/acme/system/dictType.entity.json', '/fields/owner')[0]?.message).toMatch(
      /^site acme: column sys_dict_type\.owner is in no migration/,
    );
  }, 30_000);

  it('a dangling override', () => {
    const { root } = copy();
    write(root, 'sites/acme/system/dictType.entity.json', {
      fields: { gone: { required: true }, remark: null, dictName: { maxLength: 50 } },
    });
    write(root, 'sites/acme/system/nothing.list.json', { columns: [] });
    const problems = checkSchemas(root);
    const dangling = at(problems, 'sites/acme/system/dictType.entity.json', '/fields/gone');
    expect(dangling.map((p) => p.message)).toContain(
      'the base file system/dictType.entity.json has no such member to change or remove',
    );
    expect(at(problems, 'sites/acme/system/nothing.list.json', '')[0]?.message).toMatch(/does not exist/);
  });

  it('an override changing an entity table', () => {
    const { root } = copy();
    write(root, 'sites/acme/system/dictType.entity.json', { table: 'acme_dict_type' });
    const problems = checkSchemas(root);
    expect(at(problems, 'sites/acme/system/dictType.entity.json', '/table').map((p) => p.message)).toContain(
      "an override must not change the entity's table",
    );
  });

  it('a merged file that breaks its meta-schema or a reference', () => {
    const { root } = copy();
    write(root, 'sites/acme/system/dictType.list.json', {
      columns: [{ field: 'dictNam', $before: 'dictName' }, { field: 'gone', width: 80 }],
      toolbar: [{ action: 'explode', $before: 'add' }],
    });
    write(root, 'sites/acme/system/dictType.entity.json', { fields: { remark: { title: 'dictType.unknownText' } } });
    const problems = checkSchemas(root);
    expect(at(problems, 'sites/acme/system/dictType.list.json', '/columns/0/field')[0]?.message).toMatch(/^site acme: dictNam/);
    expect(at(problems, 'sites/acme/system/dictType.list.json', '/toolbar/0/action')[0]?.message).toMatch(/^merged: /);
    // A column named that the base does not have (issue 35: keyed site patches).
    expect(at(problems, 'sites/acme/system/dictType.list.json', '/columns/1')[0]?.message).toBe(
      "the base file system/dictType.list.json has no column 'gone' to change (to add one, give \"$add\": true, \"$after\" or \"$before\")",
    );
    expect(at(problems, 'sites/acme/system/dictType.entity.json', '/fields/remark/title')).toHaveLength(1);
    // Nothing is reported against the base files.
    expect(problems.every((p) => p.file.startsWith('sites/acme/'))).toBe(true);
  });

  it('a base file that breaks only as a site sees it', () => {
    const { root } = copy();
    write(root, 'sites/acme/system/dictType.entity.json', { fields: { remark: null } });
    const problems = checkSchemas(root);
    expect(problems).toEqual(
      [
        {
          file: 'system/dictType.list.json',
          pointer: '/columns/3/field',
          message: 'site acme: remark is not a field of entity dictType',
          siteView: 'acme',
        },
        {
          file: 'system/dictType.form.json',
          pointer: '/schema/properties/remark',
          message: 'site acme: remark is not a field of entity dictType (an input of the form alone says "x-form-only": true)',
          siteView: 'acme',
        },
      ].sort((a, b) => (a.file < b.file ? -1 : 1)),
    );
    // At a start, the site's patch takes that area out for the site alone; every other site serves it (issue 35).
    const out = [...new SchemaHealth(root).assess().out.values()].map((o) => `${o.site}/${o.area}`);
    expect(out).toEqual(['acme/system']);
  });
});

describe('schemas:check on document features', () => {
  it('names each broken declaration of a document by file and pointer', () => {
    const { root } = copy();
    const file = 'expense/reimburse.entity.json';
    edit(root, file, (json) => {
      json.lines.items.entity = 'noSuchLine';
      json.lines.invoices.sum = { invoiceTotal: 'gross', payee: 'amount' };
      json.checks = [{ rule: 'money >= ', message: 'reimburse.invoicesShort' }];
      json.effects.submit.find((e: Json) => e.budget === 'freeze').drawFrom = 'title';
      json.effects.submit.find((e: Json) => e.loan).ref = 'noSuchField';
      json.effects.approved = [{ budget: 'spend' }];
      json.states.actions.pay.fields = ['payMethod', 'bankSlip'];
      json.states.actions.pay.required = ['paidDate'];
      json.states.actions.pay.form = 'noSuchForm';
    });
    edit(root, 'expense/reimburseLine.entity.json', (json) => {
      json.lineOf = 'beforehand';
    });
    const problems = checkSchemas(root);
    const said = (pointer: string, f = file) => at(problems, f, pointer).map((p) => p.message);
    expect(said('/lines/items/entity')).toEqual(['entity noSuchLine does not exist']);
    expect(said('/lines/invoices/sum/invoiceTotal')).toEqual(['gross is not a field of reimburseInvoice']);
    expect(said('/lines/invoices/sum/payee')).toEqual(['payee is a sum the server makes: mark it readOnly']);
    expect(said('/checks/0/rule')).toHaveLength(1);
    expect(said('/effects/submit/1/drawFrom')).toEqual(['drawFrom title is not a ref field']);
    expect(said('/effects/submit/0/ref')).toEqual(['loan field noSuchField is not a field of the entity']);
    expect(said('/effects/approved/0/budget')).toEqual(['budget effect spend: freeze, release, consume or pay']);
    expect(said('/states/actions/pay/fields/1')).toEqual(['input field bankSlip is not a field of the entity']);
    expect(said('/states/actions/pay/required/0')).toEqual(["required input paidDate is not among the action's fields"]);
    expect(said('/states/actions/pay/form')).toEqual(['form noSuchForm has no file noSuchForm.form.json']);
    expect(said('/lineOf', 'expense/reimburseLine.entity.json')).toEqual(['entity beforehand names no lines of reimburseLine']);
  });

  it('names a broken invoice register declaration (issue 31)', () => {
    const { root } = copy();
    const file = 'expense/reimburseInvoice.entity.json';
    edit(root, file, (json) => {
      json.fields.invoiceNo.unique = true;
      json.fields.invoiceNo.invoice.code = 'noSuchCode';
      json.fields.amount.invoice = { register: 'invoice' };
    });
    edit(root, 'expense/reimburse.entity.json', (json) => {
      json.effects.cancelled = [{ budget: 'release' }];
      json.effects.submit.push({ invoices: 'keep' });
    });
    edit(root, 'expense/loan.entity.json', (json) => {
      json.effects = { ...(json.effects ?? {}), cancelled: [{ invoices: 'release' }] };
    });
    const problems = checkSchemas(root);
    const said = (pointer: string, f = file) => at(problems, f, pointer).map((p) => p.message);
    expect(said('/fields/invoiceNo/unique')).toEqual(['an invoice number is unique through its register: drop unique']);
    expect(said('/fields/invoiceNo/invoice/code')).toEqual(['invoice code field noSuchCode is not a field of the entity']);
    expect(said('/fields/amount/invoice')).toEqual(['an invoice number is a string field, not money']);
    expect(new Set(said('/effects/cancelled', 'expense/reimburse.entity.json'))).toEqual(
      new Set(['its lines reimburseInvoice hold invoices: a cancelled document frees them ({ "invoices": "release" })']),
    );
    const submit = problems.filter((p) => p.file === 'expense/reimburse.entity.json' && p.pointer.startsWith('/effects/submit/'));
    expect(submit.map((p) => p.message)).toEqual(['invoices effect keep: hold or release']);
    // A document none of whose lines hold invoices has none to release.
    const loan = problems.filter((p) => p.file === 'expense/loan.entity.json' && p.pointer.endsWith('/invoices'));
    expect(loan.map((p) => p.message)).toEqual(['no line collection of the entity holds invoices (a field with "invoice")']);
  });

  it('names a full-page form whose menu entry or way back does not exist', () => {
    const { root } = copy();
    const file = 'expense/reimburse.form.json';
    edit(root, file, (json) => {
      json.page = { component: 'FundsList', path: '/expense/fundsForm', back: '/expense/noSuchList' };
    });
    edit(root, 'expense/loan.form.json', (json) => {
      json.page = { component: 'LoanForm', path: '/expense/loanForm', back: '/expense/loanList' };
    });
    const problems = checkSchemas(root);
    const said = (pointer: string, f = file) => at(problems, f, pointer).map((p) => p.message);
    expect(said('/page/path')).toEqual(['no menu entry at /expense/fundsForm renders component FundsList']);
    expect(said('/page/back')).toEqual(['no menu entry has the path /expense/noSuchList']);
    expect(said('/component', 'expense/reimburse.list.json')).toEqual([
      'component FundsList is also rendered by expense/reimburse.form.json',
    ]);
    expect(said('/page/path', 'expense/loan.form.json')).toEqual([
      'no menu entry at /expense/loanForm renders component LoanForm',
    ]);
  });

  it('names the fields a warning effect reads when they do not exist', () => {
    const { root } = copy();
    const file = 'expense/reimburse.entity.json';
    edit(root, file, (json) => {
      const effects = json.effects.submit as Json[];
      effects.find((e) => e.warning === 'words').text = ['title', 'items.noSuchField', 'noLines.summary', 'noSuchField'];
      Object.assign(
        effects.find((e) => e.warning === 'overStandard'),
        { lines: 'noSuchLines', ceiling: undefined },
      );
      effects.push({ warning: 'louder' });
    });
    const problems = checkSchemas(root);
    const said = (pointer: string) => at(problems, file, pointer).map((p) => p.message);
    const words = (json: Json) => (json.effects.submit as Json[]).findIndex((e) => e.warning === 'words');
    const k = words(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(said(`/effects/submit/${k}/text/1`)).toEqual(['noSuchField is not a field of the lines items']);
    expect(said(`/effects/submit/${k}/text/2`)).toEqual(['noLines names no lines of the entity']);
    expect(said(`/effects/submit/${k}/text/3`)).toEqual(['warning field noSuchField is not a field of the entity']);
    expect(said(`/effects/submit/${k + 1}/lines`)).toEqual(['noSuchLines names no lines of the entity']);
    expect(said(`/effects/submit/${k + 1}/ceiling`)).toEqual(['an overStandard warning names its ceiling field']);
    expect(said(`/effects/submit/${k + 2}/warning`)).toEqual(['warning effect louder: words or overStandard']);
  });

  it('names what a grouped view, a line input, a conditional sum or an effect condition gets wrong', () => {
    const { root } = copy();
    edit(root, 'contract/stampDutySummary.entity.json', (json) => {
      json.view.groupBy.month = 'signedOn:month';
      json.view.sum.duty = 'noSuchFigure';
      json.view.count = 'noSuchCount';
    });
    edit(root, 'purchase/purchaseApply.entity.json', (json) => {
      json.states.actions.accept.fields.push('items.noSuchField', 'noLines.acceptResult');
      json.effects.accept[0].when = 'number(contractedAmount) >';
    });
    edit(root, 'contract/contract.entity.json', (json) => {
      json.lines.instalments.sum.yearPlan.when = 'includes(planDate,';
      json.fields.nextPlanDate.aggregate.min = 'noSuchDate';
      json.effects.sign.push({ contract: 'stampEverything' });
    });
    const problems = checkSchemas(root);
    const said = (file: string, pointer: string) => at(problems, file, pointer).map((p) => p.message);
    expect(said('contract/stampDutySummary.entity.json', '/view/groupBy/month')).toEqual([
      'signedOn is not a field of stampDutyEntry',
    ]);
    expect(said('contract/stampDutySummary.entity.json', '/view/sum/duty')).toEqual([
      'noSuchFigure is not a field of stampDutyEntry',
    ]);
    expect(said('contract/stampDutySummary.entity.json', '/view/count')).toEqual([
      'view count field noSuchCount is not a field of the entity',
    ]);
    const accept = JSON.parse(fs.readFileSync(path.join(root, 'purchase/purchaseApply.entity.json'), 'utf8')).states.actions
      .accept;
    const n = accept.fields.length;
    expect(said('purchase/purchaseApply.entity.json', `/states/actions/accept/fields/${n - 2}`)).toEqual([
      'noSuchField is not a field of the lines items',
    ]);
    expect(said('purchase/purchaseApply.entity.json', `/states/actions/accept/fields/${n - 1}`)).toEqual([
      'noLines names no lines of the entity',
    ]);
    expect(said('purchase/purchaseApply.entity.json', '/effects/accept/0/when')).toHaveLength(1);
    expect(said('contract/contract.entity.json', '/lines/instalments/sum/yearPlan/when')).toHaveLength(1);
    expect(said('contract/contract.entity.json', '/fields/nextPlanDate/aggregate/min')).toEqual([
      'noSuchDate is not a field of contractInstalment',
    ]);
    const signs = JSON.parse(fs.readFileSync(path.join(root, 'contract/contract.entity.json'), 'utf8')).effects.sign.length;
    expect(said('contract/contract.entity.json', `/effects/sign/${signs - 1}/contract`)).toEqual([
      'contract effect stampEverything: applyChange, instalment, bookDuty or closePlan',
    ]);
  });

  it('stops the server from starting, each problem as file → pointer: message', () => {
    const { root } = copy();
    edit(root, 'expense/reimburse.list.json', (json) => {
      json.columns[0].field = 'reimburseNumber';
    });
    expect(schemaProblems(root)).toEqual([
      'schemas/expense/reimburse.list.json → /columns/0/field: reimburseNumber is not a field of entity reimburse',
    ]);
    expect(schemaProblems()).toEqual([]);
  });
});

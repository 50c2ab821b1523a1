// Issue 35: every expression of the schema files is checked where it is written, by one checker
// that knows the names in scope; unknown form and list properties, filters the server would
// ignore, and JSON faults are named by file and place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSchemas, type Problem } from '../../server/schemas/check.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';
import { conditionError, expressionError, scopeOf } from '../../validators/expression/check.ts';
import { jsonFault } from '../../validators/json-text.ts';

type Json = any;

// Each case runs schemas:check twice over a small tree, the last over the real one: seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const texts = (...keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, { 'zh-CN': k, 'zh-TW': k, 'en-US': k, 'pt-BR': k }]));

const BPMN = (condition: string, reasonValues: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:nk="http://neikong.dev/schema/bpmn" id="d" targetNamespace="x">
  <bpmn:process id="training" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="leader" name="leader" nk:candidateType="deptLeader" nk:reason="training.why" nk:reasonValues="${reasonValues}" />
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="leader" />
    <bpmn:sequenceFlow id="f_big" sourceRef="leader" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${condition}</bpmn:conditionExpression></bpmn:sequenceFlow>
  </bpmn:process>
</bpmn:definitions>
`;

/** A small tree of one document (a training with participant lines), sound as written. */
function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-expr-'));
  temps.push(dir);
  const root = path.join(dir, 'schemas');
  fs.cpSync(path.join(SCHEMAS_DIR, '_meta'), path.join(root, '_meta'), { recursive: true });
  fs.copyFileSync(path.join(SCHEMAS_DIR, 'actions.json'), path.join(root, 'actions.json'));
  const put = (rel: string, json: Json) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), typeof json === 'string' ? json : JSON.stringify(json, null, 2));
  };
  put('train/i18n.json', {
    $schema: '../_meta/i18n.schema.json',
    ...texts('training.title', 'training.line', 'training.why', 'training.late', 'process.training', 'process.training.leader', 'training.lines'),
  });
  put('train/menu.json', {
    $schema: '../_meta/menu.schema.json',
    order: 900,
    menus: [{ key: 'training', title: texts('t').t, path: '/training', component: 'TrainingList', permission: 'train:training:list', buttons: ['add', 'edit', 'remove'] }],
  });
  put('train/training.entity.json', {
    $schema: '../_meta/entity.schema.json',
    name: 'training',
    title: 'training.title',
    table: 'biz_training',
    generate: true,
    api: '/train/training',
    permission: 'train:training',
    process: 'training',
    fields: {
      topic: { type: 'string', title: 'training.title', query: 'like' },
      amount: { type: 'money', title: 'training.title' },
      startDate: { type: 'date', title: 'training.title', query: 'between' },
      approvalStatus: { type: 'string', title: 'training.title', maxLength: 1 },
      attachments: { type: 'files', title: 'training.title', query: 'eq' },
      note: { type: 'string', title: 'training.title' },
    },
    lines: { participants: { entity: 'trainingLine', title: 'training.lines' } },
    effects: { approved: [{ when: "number(amount) > 0", notStarted: 'startDate', message: 'training.late' }] },
  });
  put('train/trainingLine.entity.json', {
    $schema: '../_meta/entity.schema.json',
    name: 'trainingLine',
    title: 'training.line',
    table: 'biz_training_line',
    generate: true,
    api: '/train/trainingLine',
    permission: 'train:training',
    lineOf: 'training',
    fields: { trainingId: { type: 'ref', ref: 'training', title: 'training.line' }, person: { type: 'string', title: 'training.line' }, fee: { type: 'money', title: 'training.line' } },
  });
  put('train/training.form.json', {
    $schema: '../_meta/form.schema.json',
    entity: 'training',
    schema: {
      type: 'object',
      properties: {
        grid: {
          type: 'void',
          'x-component': 'FormGrid',
          properties: {
            topic: {},
            amount: {
              'x-reactions': { dependencies: ['topic'], fulfill: { state: { visible: '{{!isEmpty($deps[0])}}' } } },
            },
            note: { 'x-reactions': { dependencies: ['amount'], fulfill: { state: { disabled: '{{ $values.amount > 100 }}' } } } },
            participants: {
              type: 'array',
              'x-component': 'ArrayTable',
              items: {
                type: 'object',
                properties: {
                  c1: { type: 'void', 'x-component': 'ArrayTable.Column', properties: { person: { type: 'string', 'x-component': 'Input' } } },
                },
              },
            },
          },
        },
      },
    },
  });
  put('train/training.list.json', {
    $schema: '../_meta/list.schema.json',
    component: 'TrainingList',
    entity: 'training',
    title: 'training.title',
    form: 'training',
    query: ['topic', 'startDate'],
    columns: [{ field: 'topic', link: { action: 'view', visible: "approvalStatus == '0'" } }, { field: 'amount' }],
    toolbar: [{ action: 'add' }],
    rowActions: [{ action: 'edit', visible: "approvalStatus == '0' && createdBy == $user.userId" }],
  });
  put('train/training.print.json', {
    $schema: '../_meta/print.schema.json',
    entity: 'training',
    title: 'training.title',
    sections: [{ type: 'fields', fields: ['topic', 'amount'] }],
  });
  put('train/training.bpmn', BPMN('amount &gt;= 5000', 'limit=amount'));
  return root;
}

const edit = (root: string, rel: string, change: (json: Json) => void) => {
  const file = path.join(root, rel);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(json);
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
};

const key = (p: Problem) => `${p.file} ${p.pointer} ${p.message}`;
/** What a change adds to the tree's problems. */
function added(change: (root: string) => void): Problem[] {
  const root = tree();
  const before = new Set(checkSchemas(root).map(key));
  change(root);
  return checkSchemas(root).filter((p) => !before.has(key(p)));
}

describe('the expression checker', () => {
  const scope = scopeOf(['amount', 'kind'], { $values: ['amount'] });
  it.each([
    ['amount > 1', null],
    ['amuont > 1', /unknown name "amuont" at 0/],
    ['totl(amount)', /unknown function "totl" at 0/],
    ['round(amount, 2, 3)', /round\(\) takes 1 to 2 arguments, not 3/],
    ['sum(amount)', /sum\(\) takes 2 to 3 arguments, not 1/],
    ['amount >', /unexpected end at 8/],
    ['$values.amout', /\$values has no member "amout" at 8/],
    ["setting('a.b') > 1", /unknown function "setting"/],
  ])('%s', (text, fault) => {
    const bad = expressionError(text, scope);
    if (fault === null) expect(bad).toBeNull();
    else expect(bad).toMatch(fault);
  });

  it('keeps the designer\'s condition check (any name, settings when asked)', () => {
    expect(conditionError("money >= setting('approval.headThreshold')", { settings: true })).toBeNull();
    expect(conditionError('anything > 1')).toBeNull();
    expect(conditionError('process.exit()')).toMatch(/only len, includes, .* can be called/);
  });
});

describe('schemas:check names a bad expression where it is written', () => {
  it('the small tree is sound', () => {
    const problems = checkSchemas(tree()).filter((p) => p.file.startsWith('train/'));
    expect(problems).toEqual([]);
  });

  type Case = [place: string, file: string, pointer: string, breakIt: (root: string, bad: string) => void];
  const cases: Case[] = [
    ['form reaction', 'train/training.form.json', '/schema/properties/grid/properties/amount/x-reactions/fulfill/state/visible', (root, bad) =>
      edit(root, 'train/training.form.json', (j) => (j.schema.properties.grid.properties.amount['x-reactions'].fulfill.state.visible = `{{ ${bad} }}`))],
    ['form visibility', 'train/training.form.json', '/schema/properties/grid/properties/topic/x-visible', (root, bad) =>
      edit(root, 'train/training.form.json', (j) => (j.schema.properties.grid.properties.topic['x-visible'] = `{{${bad}}}`))],
    ['list action visible', 'train/training.list.json', '/rowActions/0/visible', (root, bad) =>
      edit(root, 'train/training.list.json', (j) => (j.rowActions[0].visible = bad))],
    ['column link visible', 'train/training.list.json', '/columns/0/link/visible', (root, bad) =>
      edit(root, 'train/training.list.json', (j) => (j.columns[0].link.visible = bad))],
    ['effect condition', 'train/training.entity.json', '/effects/approved/0/when', (root, bad) =>
      edit(root, 'train/training.entity.json', (j) => (j.effects.approved[0].when = bad))],
    ['BPMN condition', 'train/training.bpmn', '#f_big', (root, bad) =>
      fs.writeFileSync(path.join(root, 'train/training.bpmn'), BPMN(bad.replace(/>/g, '&gt;'), 'limit=amount'))],
    ['BPMN reason values', 'train/training.bpmn', '#leader', (root, bad) =>
      fs.writeFileSync(path.join(root, 'train/training.bpmn'), BPMN('amount &gt;= 5000', `limit=${bad.replace(/>/g, '&gt;')}`))],
  ];
  const faults: Array<[string, string, RegExp]> = [
    ['unknown field', 'amuont > 1', /unknown name "amuont"/],
    ['unknown function', 'totl(amount) > 1', /unknown function "totl"/],
    ['parse error', 'amount > ', /unexpected end/],
  ];
  for (const [place, file, pointer, breakIt] of cases)
    it.each(faults)(`${place}: %s`, (_, bad, fault) => {
      const problems = added((root) => breakIt(root, bad));
      expect(problems.map(key)).toEqual([expect.stringMatching(new RegExp(`^${file} ${pointer} .*${fault.source}`))]);
    });

  it('a $values member that is no field of the form', () => {
    const problems = added((root) =>
      edit(root, 'train/training.form.json', (j) => (j.schema.properties.grid.properties.note['x-reactions'].fulfill.state.disabled = '{{ $values.amont > 1 }}')),
    );
    expect(problems.map(key)).toEqual([expect.stringMatching(/x-reactions\/fulfill\/state\/disabled .*\$values has no member "amont"/)]);
  });

  // Issue 35: expressions evaluated per line know the line's fields.
  const personNode = (j: Json) => j.schema.properties.grid.properties.participants.items.properties.c1.properties.person;
  const PERSON = '/schema/properties/grid/properties/participants/items/properties/c1/properties/person';
  it.each([
    ["a sub-table line's $record and $index", (root: string) =>
      edit(root, 'train/training.form.json', (j) => (personNode(j)['x-disabled'] = '{{ $record.fee > 0 && $index > 0 && $values.amount > 0 }}')), []],
    ['a line sum when reading the line and the document', (root: string) =>
      edit(root, 'train/training.entity.json', (j) => {
        j.fields.amount.readOnly = true;
        j.lines.participants.sum = { amount: { field: 'fee', when: "person != '' && doc.amount > 0" } };
      }), []],
  ] as const)('sound: %s', (_, change, expected) => {
    expect(added(change).map(key)).toEqual(expected);
  });
  it.each([
    ["$record member in a sub-table line's node", (root: string) =>
      edit(root, 'train/training.form.json', (j) => (personNode(j)['x-disabled'] = '{{ $record.amont > 1 }}')),
      `train/training.form.json ${PERSON}/x-disabled`, /\$record has no member "amont".*\(known: createdAt, createdBy, fee, id, person, trainingId, updatedAt, updatedBy\) — \$record is a line of participants/],
    ['$record member in a sub-table reaction', (root: string) =>
      edit(root, 'train/training.form.json', (j) => (personNode(j)['x-reactions'] = { dependencies: ['.person'], fulfill: { state: { visible: '{{ $record.fe > 0 }}' } } })),
      `train/training.form.json ${PERSON}/x-reactions/fulfill/state/visible`, /\$record has no member "fe".*is a line of participants/],
    ['$index is a number, no record', (root: string) =>
      edit(root, 'train/training.form.json', (j) => (personNode(j)['x-disabled'] = '{{ $index.fee > 1 }}')),
      `train/training.form.json ${PERSON}/x-disabled`, /\$index has no member "fee"/],
    ['a line sum when naming a document field as a line field', (root: string) =>
      edit(root, 'train/training.entity.json', (j) => {
        j.fields.amount.readOnly = true;
        j.lines.participants.sum = { amount: { field: 'fee', when: 'topic != null' } };
      }),
      'train/training.entity.json /lines/participants/sum/amount/when', /unknown name "topic"/],
  ] as const)('line fault: %s', (_, change, at, fault) => {
    expect(added(change).map(key)).toEqual([expect.stringMatching(new RegExp(`^${at.replace(/[$]/g, '\\$')} .*${fault.source}`))]);
  });

  it('a reaction dependency that names no node of the form', () => {
    const problems = added((root) => edit(root, 'train/training.form.json', (j) => (j.schema.properties.grid.properties.amount['x-reactions'].dependencies = ['topik'])));
    expect(problems.map(key)).toEqual(['train/training.form.json /schema/properties/grid/properties/amount/x-reactions/dependencies/0 dependency topik names no field of the form']);
  });

  it('print files hold no conditions: a `when` in a print section is refused', () => {
    const problems = added((root) => edit(root, 'train/training.print.json', (j) => (j.sections[0].when = 'amount > 0')));
    expect(problems.map(key)).toEqual(['train/training.print.json /sections/0/when is not allowed here']);
  });
});

describe('schemas:check on form and list files', () => {
  it('an unknown property of a form node or a list is refused at its pointer', () => {
    const problems = added((root) => {
      edit(root, 'train/training.form.json', (j) => {
        j.schema.properties.grid.properties.topic['x-compnent'] = 'Input';
        j.schema.properties.grid.properties.amount.requird = true;
      });
      edit(root, 'train/training.list.json', (j) => (j.colums = []));
    });
    expect(problems.map(key).sort()).toEqual([
      'train/training.form.json /schema/properties/grid/properties/amount/requird is not allowed here',
      'train/training.form.json /schema/properties/grid/properties/topic/x-compnent is not allowed here',
      'train/training.list.json /colums is not allowed here',
    ]);
  });

  it('a form property that is no field is refused unless declared x-form-only', () => {
    const problems = added((root) =>
      edit(root, 'train/training.form.json', (j) => {
        j.schema.properties.grid.properties.topicc = { type: 'string', 'x-component': 'Input' };
        j.schema.properties.grid.properties.password = { 'x-form-only': true, type: 'string', 'x-component': 'Password' };
      }),
    );
    expect(problems.map(key)).toEqual([
      'train/training.form.json /schema/properties/grid/properties/topicc topicc is not a field of entity training (an input of the form alone says "x-form-only": true)',
    ]);
  });

  it('a list query field the server cannot filter on', () => {
    const problems = added((root) => edit(root, 'train/training.list.json', (j) => j.query.push('attachments', 'note')));
    expect(problems.map(key)).toEqual([
      'train/training.list.json /query/2 attachments cannot be filtered on (a files field)',
      'train/training.list.json /query/3 note cannot be filtered on (the field has no "query")',
    ]);
  });
});

describe('schemas:check on a list\'s date range', () => {
  it('names the field the server applies the range to: its first date range field', () => {
    const problems = added((root) => {
      edit(root, 'train/training.entity.json', (j) => (j.fields.endDate = { type: 'date', title: 'training.title' }));
      edit(root, 'train/training.list.json', (j) => (j.dateRange = 'endDate'));
    });
    expect(problems.map(key)).toEqual([
      'train/training.list.json /dateRange the server applies the date range to startDate, the first date field with "query": "between", not to endDate',
    ]);
  });
});

describe('schemas:check on a document filter (contains, issue 36)', () => {
  // The audit trail's entity over its migration's table (sys_audit: doc_ids bigint[]), as shipped and as broken.
  const trailEntity = (root: string) => {
    fs.mkdirSync(path.join(root, 'monitor'), { recursive: true });
    fs.copyFileSync(path.join(SCHEMAS_DIR, 'monitor/auditTrail.entity.json'), path.join(root, 'monitor/auditTrail.entity.json'));
  };
  it('refuses contains on a column that is no list of ids, and idsOf that names no document-type filter', () => {
    const shipped = new Set(added(trailEntity).map(key));
    const problems = added((root) => {
      trailEntity(root);
      edit(root, 'monitor/auditTrail.entity.json', (j) => {
        j.fields.tbl = { type: 'json', title: 'auditTrail.tbl', query: 'contains', idsOf: 'op' };
        j.fields.hash.idsOf = 'docEntity';
      });
    }).filter((p) => !shipped.has(key(p)));
    expect([...shipped].filter((k) => /contains|idsOf|sys_entity/.test(k))).toEqual([]);
    expect(problems.map(key).sort()).toEqual([
      'monitor/auditTrail.entity.json /fields/hash/idsOf idsOf names the entity of a contains filter\'s ids: the field has no "query": "contains"',
      'monitor/auditTrail.entity.json /fields/tbl sys_audit.tbl: column type varchar(64) is no list of ids (bigint[]) a contains filter reads',
      "monitor/auditTrail.entity.json /fields/tbl/idsOf op is not a filter (query) over the document types' dictionary (dict sys_entity)",
    ]);
  });
});

describe('schemas:check on JSON faults', () => {
  it('names line and column', () => {
    expect(jsonFault('{\n  "a": 1,\n  "b" 2\n}')).toBe('Unexpected number at line 3 column 7');
    const problems = added((root) => fs.writeFileSync(path.join(root, 'train/training.list.json'), '{\n  "entity": "training",\n  "columns": [,]\n}'));
    expect(problems.find((p) => p.file === 'train/training.list.json')?.message).toMatch(/^not JSON: .* at line 3 column 15$/);
  });

  it('a broken base file is not blamed on the site file that patches it', () => {
    const problems = added((root) => {
      fs.writeFileSync(path.join(root, 'train/training.list.json'), '{ "entity": ');
      fs.mkdirSync(path.join(root, 'sites/acme/train'), { recursive: true });
      fs.writeFileSync(path.join(root, 'sites/acme/train/training.list.json'), JSON.stringify({ title: 'training.title' }));
    });
    expect(problems.filter((p) => p.file.startsWith('sites/'))).toEqual([]);
    expect(problems.filter((p) => p.file === 'train/training.list.json').map((p) => p.message)).toEqual([
      expect.stringMatching(/^not JSON: .* at line 1 column 13$/),
    ]);
  });

  it("a site's added column or print field that is no field is named at the patch's own element", () => {
    const problems = added((root) => {
      fs.mkdirSync(path.join(root, 'sites/acme/train'), { recursive: true });
      const put = (rel: string, json: Json) => fs.writeFileSync(path.join(root, 'sites/acme/train', rel), JSON.stringify(json));
      put('training.list.json', { columns: [{ field: 'note', $add: true }, { field: 'amont', $add: true, width: 90 }] });
      put('training.print.json', { sections: [{ type: 'fields', fields: [{ field: 'note', $add: true }, { field: 'notte', $before: 'topic' }] }] });
    });
    expect(problems.map(key).sort()).toEqual([
      'sites/acme/train/training.list.json /columns/1/field site acme: amont is not a field of entity training',
      'sites/acme/train/training.print.json /sections/0/fields/1 site acme: notte is not a field of entity training',
    ]);
  });

  it("a base file's meta-schema fault is not blamed on the site file that patches it", () => {
    const problems = added((root) => {
      edit(root, 'train/training.list.json', (j) => (j.colums = []));
      fs.mkdirSync(path.join(root, 'sites/acme/train'), { recursive: true });
      fs.writeFileSync(path.join(root, 'sites/acme/train/training.list.json'), JSON.stringify({ title: 'training.title' }));
    });
    expect(problems.map(key)).toEqual(['train/training.list.json /colums is not allowed here']);
  });
});

describe('the real schemas', () => {
  it('have no problems', () => {
    expect(checkSchemas()).toEqual([]);
  });

  it("a picker's fillLines where reads the picked row's lines", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-expr-'));
    temps.push(dir);
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    edit(dir, 'asset/assetOrder.form.json', (j) => {
      j.schema.properties.grid.properties.purchaseId['x-component-props'].fillLines.items.where = "acceptReslt != '3'";
    });
    expect(checkSchemas(dir).map(key)).toEqual([
      expect.stringMatching(/^asset\/assetOrder\.form\.json \/schema\/properties\/grid\/properties\/purchaseId\/x-component-props\/fillLines\/items\/where unknown name "acceptReslt"/),
    ]);
  });

  it("a copy's where reads the copied line and the document (doc)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-expr-'));
    temps.push(dir);
    fs.cpSync(SCHEMAS_DIR, dir, { recursive: true });
    edit(dir, 'asset/assetInventory.entity.json', (j) => {
      j.effects.approved[0].where = "result == '3' && !isEmpty(assetIdd) && doc.inventoryNo != ''";
    });
    expect(checkSchemas(dir).map(key)).toEqual([
      expect.stringMatching(/^asset\/assetInventory\.entity\.json \/effects\/approved\/0\/where unknown name "assetIdd"/),
    ]);
  });
});

// The data both halves of each screen render: a 20-field entity with 100 rows for the list, a
// 200-field entity for the form, their dictionaries and texts. Deterministic, so every load of a
// page renders the same thing.
import type { DictEntry, EntityField, FieldType, PageBundle, PublicEntity, Row } from '../../renderer/types.ts';

export const LANGUAGE = 'zh-CN';
export const LIST_ROWS = 100;
/** ListPage starts at page size 10 (10/20/30/40): it shows the first 10 of the rows it gets. */
/** The whole generated list on one page: 100 rows (virtual from 40, as the runtime does). */
export const LIST_PAGE_SIZE = 100;
export const FORM_FIELDS = 200;
/** Characters the form's text fields take: enough for the 30 typed keys. */
export const TEXT_MAX = 50;

const DICTS: Record<string, DictEntry[]> = {
  bench_status: [
    { dictType: 'bench_status', dictValue: '0', dictLabel: '正常', listClass: 'primary', isDefault: 'Y' },
    { dictType: 'bench_status', dictValue: '1', dictLabel: '停用', listClass: 'danger', isDefault: 'N' },
    { dictType: 'bench_status', dictValue: '2', dictLabel: '待审', listClass: 'warning', isDefault: 'N' },
  ],
  bench_kind: [
    { dictType: 'bench_kind', dictValue: 'A', dictLabel: '办公用品', listClass: 'default', isDefault: 'Y' },
    { dictType: 'bench_kind', dictValue: 'B', dictLabel: '差旅费用', listClass: 'default', isDefault: 'N' },
    { dictType: 'bench_kind', dictValue: 'C', dictLabel: '设备采购', listClass: 'default', isDefault: 'N' },
    { dictType: 'bench_kind', dictValue: 'D', dictLabel: '会议培训', listClass: 'default', isDefault: 'N' },
  ],
  bench_level: [
    { dictType: 'bench_level', dictValue: '1', dictLabel: '一般', listClass: 'info', isDefault: 'Y' },
    { dictType: 'bench_level', dictValue: '2', dictLabel: '重要', listClass: 'success', isDefault: 'N' },
    { dictType: 'bench_level', dictValue: '3', dictLabel: '紧急', listClass: 'danger', isDefault: 'N' },
  ],
};

export function dictsOf(types: string[]): Record<string, DictEntry[]> {
  return Object.fromEntries(types.filter((t) => DICTS[t]).map((t) => [t, DICTS[t]!]));
}

/** A small deterministic generator (LCG), so rows do not change between loads. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// ---- list: 20 columns of mixed types ----

const LIST_FIELDS: Array<[string, FieldType, string, Partial<EntityField>?]> = [
  ['code', 'string', '编号', { maxLength: 32 }],
  ['name', 'string', '名称', { maxLength: 100 }],
  ['amount', 'money', '金额'],
  ['status', 'dict', '状态', { dict: 'bench_status' }],
  ['applyDate', 'date', '申请日期'],
  ['quantity', 'integer', '数量'],
  ['dept', 'string', '部门', { maxLength: 64 }],
  ['kind', 'dict', '类别', { dict: 'bench_kind' }],
  ['budget', 'money', '预算'],
  ['price', 'number', '单价'],
  ['createdAt', 'datetime', '创建时间'],
  ['applicant', 'string', '申请人', { maxLength: 32 }],
  ['level', 'dict', '级别', { dict: 'bench_level' }],
  ['tax', 'money', '税额'],
  ['paidAt', 'date', '付款日期'],
  ['count', 'integer', '次数'],
  ['enabled', 'boolean', '启用'],
  ['phone', 'string', '电话', { maxLength: 32 }],
  ['updatedAt', 'datetime', '更新时间'],
  ['remark', 'string', '备注', { maxLength: 200 }],
];

const texts = (pairs: Array<[string, string]>) =>
  Object.fromEntries(pairs.map(([key, zh]) => [key, { 'zh-CN': zh, 'en-US': key }]));

export const listEntity: PublicEntity = {
  name: 'benchItem',
  title: 'bench.item',
  api: 'bench/item',
  permission: 'bench:item',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'createdAt', order: 'desc' },
  hasVersion: false,
  fields: LIST_FIELDS.map(([name, type, , extra]) => ({ name, type, title: `bench.item.${name}`, ...extra })),
};

export const listBundle: PageBundle = {
  component: 'BenchItem',
  kind: 'list',
  list: {
    component: 'BenchItem',
    entity: 'benchItem',
    columns: LIST_FIELDS.map(([name]) => (name === 'remark' ? { field: name, ellipsis: true } : { field: name })),
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: LIST_PAGE_SIZE,
  },
  form: null,
  entity: listEntity,
  texts: texts([['bench.item', '报销单'], ...LIST_FIELDS.map(([name, , zh]): [string, string] => [`bench.item.${name}`, zh])]),
};

/** Column titles by field, for the hand-written page. */
export const LIST_TITLES: Record<string, string> = Object.fromEntries(LIST_FIELDS.map(([name, , zh]) => [name, zh]));

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const listRows: Row[] = (() => {
  const r = random(20240601);
  const int = (n: number) => Math.floor(r() * n);
  const money = () => `${int(10_000_000)}.${pad(int(100))}`;
  const day = () => `2024-${pad(1 + int(12))}-${pad(1 + int(28))}`;
  const time = () => `${day()} ${pad(int(24))}:${pad(int(60))}:${pad(int(60))}`;
  const rows: Row[] = [];
  for (let i = 1; i <= LIST_ROWS; i++) {
    rows.push({
      id: i,
      code: `BX${2024_0000 + i}`,
      name: `第 ${i} 号报销申请 · 市教育局直属学校`,
      amount: money(),
      status: String(int(3)),
      applyDate: day(),
      quantity: int(100_000),
      dept: ['财务处', '办公室', '教务处', '后勤处', '信息中心'][int(5)],
      kind: 'ABCD'[int(4)],
      budget: money(),
      price: int(1_000_000) / 10,
      createdAt: time(),
      applicant: ['张三', '李四', '王五', '赵六'][int(4)],
      level: String(1 + int(3)),
      tax: money(),
      paidAt: day(),
      count: int(1000),
      enabled: r() < 0.5,
      phone: `138${pad(int(100_000_000), 8)}`,
      updatedAt: time(),
      remark: `备注 ${i}：按规定程序办理，附件齐全，已由经办人核对无误。`,
    });
  }
  return rows;
})();

/** What the first row shows once the page is complete (data and dictionary labels in). */
export const LIST_READY_TEXT = DICTS.bench_kind!.find((d) => d.dictValue === listRows[0]!.kind)!.dictLabel;

// ---- form: 200 fields, mostly text and numbers, some dictionaries ----

export const formEntity: PublicEntity = {
  name: 'benchForm',
  title: 'bench.form',
  api: 'bench/form',
  permission: 'bench:form',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'id', order: 'desc' },
  hasVersion: false,
  fields: Array.from({ length: FORM_FIELDS }, (_, i): EntityField => {
    const n = i + 1;
    const name = `f${n}`;
    const title = `bench.form.${name}`;
    const required = n % 7 === 0;
    switch (n % 10) {
      case 6:
        return { name, type: 'integer', title, required };
      case 7:
        return { name, type: 'number', title, required };
      case 8:
        return { name, type: 'dict', title, required, dict: ['bench_status', 'bench_kind', 'bench_level'][n % 3] };
      case 9:
        return { name, type: 'money', title, required };
      default:
        return { name, type: 'string', title, required, maxLength: TEXT_MAX };
    }
  }),
};

export const formTexts = texts([
  ['bench.form', '测试表单'],
  ...formEntity.fields.map((f): [string, string] => [f.title, `字段 ${f.name.slice(1)}`]),
]);

export const formDicts = dictsOf(['bench_status', 'bench_kind', 'bench_level']);

/** The field the keystroke measurement types into: the 100th text field. */
export const TYPED_FIELD = formEntity.fields.filter((f) => f.type === 'string')[99]!.name;

// ---- a document with 200 lines (issue 14), and the same 200 lines as a plain list ----

export const DOC_LINES = 200;

const LINE_FIELDS: Array<[string, FieldType, string, Partial<EntityField>?]> = [
  ['economicClass', 'dict', '经济分类', { dict: 'bench_kind' }],
  ['summary', 'string', '摘要', { maxLength: 100 }],
  ['quantity', 'integer', '数量'],
  ['price', 'money', '单价'],
  ['amount', 'money', '金额'],
  ['note', 'string', '备注', { maxLength: 100 }],
];

export const lineEntity: PublicEntity = {
  name: 'benchLine',
  title: 'bench.line',
  api: 'bench/line',
  permission: 'bench:line',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'id', order: 'asc' },
  hasVersion: false,
  fields: LINE_FIELDS.map(([name, type, , extra]) => ({ name, type, title: `bench.line.${name}`, ...extra })),
};

export const docEntity: PublicEntity = {
  name: 'benchDoc',
  title: 'bench.doc',
  api: 'bench/doc',
  permission: 'bench:doc',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'id', order: 'desc' },
  hasVersion: false,
  fields: [
    { name: 'docTitle', type: 'string', title: 'bench.doc.docTitle', required: true, maxLength: 100 },
    { name: 'total', type: 'money', title: 'bench.doc.total', readOnly: true },
  ],
  lines: { items: { title: 'bench.doc.items', sum: { total: 'amount' }, entity: lineEntity } },
};

/** The document's form as an area writes it: title and total, the lines as a sub-table with copy and remove. */
export const docForm = {
  entity: 'benchDoc',
  width: 1000,
  schema: {
    type: 'object',
    properties: {
      grid: {
        type: 'void',
        'x-component': 'FormGrid',
        'x-component-props': { maxColumns: 2, minColumns: 1 },
        properties: {
          docTitle: {},
          total: {},
          items: {
            type: 'array',
            title: 'bench.doc.items',
            'x-decorator': 'FormItem',
            'x-decorator-props': { gridSpan: 2 },
            'x-component': 'ArrayTable',
            items: {
              type: 'object',
              properties: {
                ...Object.fromEntries(
                  LINE_FIELDS.map(([name], i) => [
                    `c${i + 1}`,
                    {
                      type: 'void',
                      'x-component': 'ArrayTable.Column',
                      'x-component-props': { title: `bench.line.${name}` },
                      properties: { [name]: {} },
                    },
                  ]),
                ),
                ops: {
                  type: 'void',
                  'x-component': 'ArrayTable.Column',
                  'x-component-props': { title: 'bench.ops', width: 100 },
                  properties: {
                    copy: { type: 'void', 'x-component': 'ArrayTable.Copy' },
                    remove: { type: 'void', 'x-component': 'ArrayTable.Remove' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const docTexts = texts([
  ['bench.doc', '报销单'],
  ['bench.doc.docTitle', '标题'],
  ['bench.doc.total', '合计'],
  ['bench.doc.items', '明细'],
  ['bench.line', '明细'],
  ['bench.ops', '操作'],
  ...LINE_FIELDS.map(([name, , zh]): [string, string] => [`bench.line.${name}`, zh]),
]);

export const docLines: Row[] = (() => {
  const r = random(20261126);
  const int = (n: number) => Math.floor(r() * n);
  return Array.from({ length: DOC_LINES }, (_, i) => {
    const quantity = 1 + int(20);
    const price = int(100_000) / 100;
    return {
      id: i + 1,
      economicClass: 'ABCD'[int(4)],
      summary: `第 ${i + 1} 行 · 教研活动资料印刷`,
      quantity,
      price: price.toFixed(2),
      amount: (quantity * price).toFixed(2),
      note: i % 3 ? '' : '附发票',
    };
  });
})();

export const docValues = {
  docTitle: '教研组资料印刷费报销',
  total: docLines.reduce((a, l) => a + Number(l.amount), 0).toFixed(2),
  items: docLines,
};

/** The same lines as a list page shows them: one page of all 200. */
export const linesBundle: PageBundle = {
  component: 'BenchLines',
  kind: 'list',
  list: {
    component: 'BenchLines',
    entity: 'benchLine',
    columns: LINE_FIELDS.map(([name]) => ({ field: name })),
    defaultSort: { field: 'id', order: 'asc' },
    // All 200 on one page (a list file offers at most 100 a page; the bench asks the list for 200 rows).
    pageSize: DOC_LINES as 100,
  },
  form: null,
  entity: lineEntity,
  texts: docTexts,
};

/** What both pages show in their first row once complete. */
export const LINES_READY_TEXT = String(docLines[0]!.summary);

// The Formily schema built from an entity: the rules a user meets in the form before the server's.
import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { buildFormSchema } from '../../renderer/form/build.ts';
import { cleanValues } from '../../renderer/form/useSchemaForm.ts';
import { displayValue } from '../../renderer/list/columns.tsx';
import { rt } from '../../renderer/texts.ts';
import type { EntityField, FormSchema, PublicEntity } from '../../renderer/types.ts';

const entity = {
  name: 'reply',
  title: 'reply',
  api: '/x/reply',
  permission: 'x:reply',
  readOnly: false,
  removable: true,
  defaultSort: { field: 'id', order: 'desc' },
  hasVersion: true,
  fields: [
    { name: 'amount', type: 'money', title: 'amount', required: true, minimum: 0.01, maximum: 1000 } as EntityField,
    { name: 'sortNo', type: 'integer', title: 'sortNo', minimum: 0 } as EntityField,
    { name: 'phone', type: 'string', title: 'phone', format: 'phone' } as EntityField,
  ],
} as unknown as PublicEntity;

const form: FormSchema = {
  entity: 'reply',
  schema: {
    type: 'object',
    properties: {
      amount: {},
      sortNo: {},
      phone: {},
      lines: { type: 'array', items: { type: 'object', properties: { lineAmount: { 'x-component': 'MoneyInput' } } } },
    },
  },
};

type Rule = { validator?: (v: unknown) => boolean; message?: string; pattern?: string; minimum?: number };
const built = buildFormSchema(form, entity, {}, 'zh-CN', {}) as { properties: Record<string, Record<string, unknown>> };
const rulesOf = (node: Record<string, unknown>) => node['x-validator'] as Rule[];

describe('form rules from the entity', () => {
  it('holds a money field to its limits as a number, not by the length of its text', () => {
    const rules = rulesOf(built.properties.amount!);
    const limits = rules.filter((r) => r.validator);
    expect(limits.map((r) => r.message)).toEqual(['不能小于0.01', '不能大于1000']);
    const passes = (v: unknown) => limits.every((r) => r.validator!(v));
    expect(['0.01', '1000', '12.5', ''].map(passes)).toEqual([true, true, true, true]);
    expect(['-5', '0', '0.00', '1000.01'].map(passes)).toEqual([false, false, false, false]);
    // Formily's own minimum would compare the text's length: not used for money.
    expect(rules.some((r) => r.minimum !== undefined)).toBe(false);
    // The pattern's message is the words themselves (Formily would print "{{money}}" as "undefined").
    expect(rules.find((r) => r.pattern)!.message).toBe('请输入金额，最多两位小数');
  });

  it('checks a phone number in the form as the server does', () => {
    const rule = rulesOf(built.properties.phone!).find((r) => r.pattern)!;
    expect(rule.message).toBe('电话号码格式不正确');
    expect(new RegExp(rule.pattern!).test('abcdef')).toBe(false);
    expect(new RegExp(rule.pattern!).test('010-62345678')).toBe(true);
  });

  it('keeps the plain minimum for numbers', () => {
    expect(rulesOf(built.properties.sortNo!)).toContainEqual({ minimum: 0 });
  });

  it('checks an amount in a sub-table line as money (two decimals at most)', () => {
    const line = (
      (built.properties.lines!.items as Record<string, unknown>).properties as Record<string, Record<string, unknown>>
    ).lineAmount!;
    const rule = rulesOf(line).find((r) => r.pattern)!;
    expect(rule.message).toBe('请输入金额，最多两位小数');
    const pattern = rule.pattern!;
    expect(['-200000.55', '1', '0.5'].every((v) => new RegExp(pattern).test(v))).toBe(true);
    expect(['-200000.555', 'abc', '1,000'].some((v) => new RegExp(pattern).test(v))).toBe(false);
  });
});

describe('a sub-table read and edited', () => {
  const column = (name: string, inside: Record<string, unknown>, props: Record<string, unknown> = {}) => ({
    type: 'void',
    'x-component': 'ArrayTable.Column',
    'x-component-props': { title: name, ...props },
    properties: inside,
  });
  const lines: FormSchema = {
    entity: 'reply',
    schema: {
      type: 'object',
      properties: {
        details: {
          type: 'array',
          'x-component': 'ArrayTable',
          items: {
            type: 'object',
            properties: {
              code: column('code', { limitCode: { 'x-component': 'Input' } }, { readPrettyOnly: true }),
              amount: column('amount', { lineAmount: { 'x-component': 'MoneyInput' } }),
              controls: column('', { remove: { type: 'void', 'x-component': 'ArrayTable.Remove' } }),
            },
          },
          properties: { add: { type: 'void', 'x-component': 'ArrayTable.Addition' } },
        },
      },
    },
  };
  type Node = { properties?: Record<string, Node>; items?: Node; 'x-component-props'?: Record<string, unknown> };
  const details = (readPretty: boolean) =>
    (buildFormSchema(lines, entity, {}, 'zh-CN', {}, readPretty) as Node).properties!.details!;

  it('read: no add button and no column of remove buttons; the recorded figures show', () => {
    const read = details(true);
    expect(Object.keys(read.properties ?? {})).toEqual([]);
    expect(Object.keys(read.items!.properties!)).toEqual(['code', 'amount']);
    expect(read.items!.properties!.code!['x-component-props']).toEqual({ title: 'code' });
  });

  it('edited: the lines can be added and removed; figures a new line has not got yet do not show', () => {
    const edited = details(false);
    expect(Object.keys(edited.properties ?? {})).toEqual(['add']);
    expect(Object.keys(edited.items!.properties!)).toEqual(['amount', 'controls']);
  });

  it('puts the title above the table, which takes the whole width, unless the form file says otherwise', () => {
    const decorator = (n: Node) => (n as Record<string, unknown>)['x-decorator-props'];
    expect(decorator(details(false))).toEqual({ layout: 'vertical', colon: false });
    expect(decorator(details(true))).toEqual({ layout: 'vertical', colon: false });
    const beside = structuredClone(lines);
    (beside.schema.properties as Record<string, Record<string, unknown>>).details!['x-decorator-props'] = { layout: 'horizontal' };
    const built = (buildFormSchema(beside, entity, {}, 'zh-CN', {}) as Node).properties!.details!;
    expect(decorator(built)).toEqual({ layout: 'horizontal' });
  });
});

describe('what the user types (issue 19)', () => {
  const notice = {
    ...entity,
    name: 'notice',
    fields: [
      { name: 'title', type: 'string', title: 'title', required: true, maxLength: 50 } as EntityField,
      { name: 'cancelReason', type: 'string', title: 'cancelReason', maxLength: 200 } as EntityField,
      { name: 'otherSystemList', type: 'json', title: 'otherSystemList' } as EntityField,
    ],
  } as unknown as PublicEntity;
  const noticeForm: FormSchema = {
    entity: 'notice',
    schema: {
      type: 'object',
      properties: {
        title: { 'x-messages': { maxLength: 'titleMax' }, 'x-component-props': { showCount: true } },
        // Required by the form only, as an action's input is (a cancellation's reason).
        cancelReason: { required: true },
        otherSystemList: {
          type: 'array',
          'x-component': 'ArrayTable',
          items: { type: 'object', properties: { name: { type: 'string', 'x-component': 'Input', required: true } } },
        },
      },
    },
  };
  const texts = { titleMax: { 'zh-CN': '请控制在50个字符以内' } };
  type Node = Record<string, unknown> & { properties?: Record<string, Node>; items?: Node };
  const shown = buildFormSchema(noticeForm, notice, texts, 'zh-CN', {}) as Node;
  const errorsOf = async (node: Node, value: string) => {
    const field = createForm().createField({
      name: 'x',
      required: node.required === true,
      validator: node['x-validator'] as never,
    });
    await field.onInput(value);
    return field.selfErrors;
  };

  it('keeps a pasted text whole, counts it against the limit and says the spec’s limit message', async () => {
    const title = shown.properties!.title!;
    const props = title['x-component-props'] as Record<string, unknown>;
    // No native maxLength: it would cut the paste at 50 without a word.
    expect(props.maxLength).toBeUndefined();
    expect(props.count).toEqual({ show: true, max: 50 });
    expect(await errorsOf(title, '通'.repeat(60))).toEqual(['请控制在50个字符以内']);
    expect(await errorsOf(title, '通'.repeat(50))).toEqual([]);
  });

  it('refuses spaces alone wherever a text is required: by the form, or in a sub-table row', async () => {
    expect(await errorsOf(shown.properties!.cancelReason!, ' \u3000 ')).toEqual(['此项为必填项']);
    expect(await errorsOf(shown.properties!.cancelReason!, ' a ')).toEqual([]);
    const name = shown.properties!.otherSystemList!.items!.properties!.name!;
    expect(await errorsOf(name, '   ')).toEqual(['此项为必填项']);
  });

  it('sends only fields: no row numbers the sub-table wrote into its rows', () => {
    const body = cleanValues(
      { title: 'a', otherSystemList: [{ name: 'Finance', url: 'https://x.org', __DO_NOT_USE_THIS_PROPERTY_index__: 0 }] },
      { entity: notice },
    );
    expect(body).toEqual({ title: 'a', cancelReason: undefined, otherSystemList: [{ name: 'Finance', url: 'https://x.org' }] });
    expect(JSON.stringify(body)).not.toContain('__DO_NOT_USE');
  });
});

describe('on paper (issue 19)', () => {
  const status = { name: 'approvalStatus', type: 'dict', title: 'status', dict: 'approval' } as EntityField;
  const dicts = { approval: [{ dictValue: '2', dictLabel: 'Approved', listClass: 'success' }] } as never;

  it('prints a status as its word, where the screen shows a coloured tag', () => {
    expect(displayValue(status, {}, { id: 1, approvalStatus: '2' }, dicts, 'en-US', true)).toBe('Approved');
    expect(typeof displayValue(status, {}, { id: 1, approvalStatus: '2' }, dicts, 'en-US')).toBe('object');
  });

  it('puts a colon after a label the way each language writes it', () => {
    expect(['zh-CN', 'zh-TW', 'en-US', 'pt-BR'].map((l) => rt(l, 'colon'))).toEqual(['：', '：', ': ', ': ']);
  });
});

describe('a document’s lines as typed', () => {
  it('count the characters of a form’s own text, not of a narrow line cell (the count would take the input’s room)', () => {
    const line = { ...entity, name: 'line', fields: [{ name: 'traveller', type: 'string', title: 'traveller', maxLength: 30 }] };
    const doc = {
      ...entity,
      fields: [{ name: 'purpose', type: 'string', title: 'purpose', maxLength: 100 }],
      lines: { people: { title: 'people', entity: line } },
    } as unknown as PublicEntity;
    const file: FormSchema = {
      entity: 'reply',
      schema: {
        type: 'object',
        properties: {
          purpose: {},
          people: {
            type: 'array',
            'x-component': 'ArrayTable',
            items: {
              type: 'object',
              properties: {
                c1: { type: 'void', 'x-component': 'ArrayTable.Column', properties: { traveller: {} } },
              },
            },
          },
        },
      },
    };
    type Node = { properties?: Record<string, Node>; items?: Node; 'x-component-props'?: Record<string, unknown> };
    const built = buildFormSchema(file, doc, {}, 'zh-CN', {}) as Node;
    expect(built.properties!.purpose!['x-component-props']!.count).toEqual({ show: true, max: 100 });
    const cell = built.properties!.people!.items!.properties!.c1!.properties!.traveller!;
    expect(cell['x-component-props']!.count).toEqual({ show: false, max: 30 });
  });
});

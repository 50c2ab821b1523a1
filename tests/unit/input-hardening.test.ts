// Issue 13's rules of input, where they are decided: the shared formats, the ajv instances every
// request is validated with (a NUL or a lone surrogate anywhere, ids within what a bigint and a
// JavaScript number hold, days and times that exist), entity bodies (a required text of spaces
// alone is empty) and the form the browser builds from the same entity.
import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { bodySchema } from '../../server/entities/registry.ts';
import { compileEntity } from '../../server/entities/model.ts';
import { maskSecrets } from '../../server/platform/oplog.ts';
import { buildFormSchema } from '../../renderer/form/build.ts';
import type { EntityField, PublicEntity } from '../../renderer/types.ts';
import { createAjv, describeError } from '../../validators/ajv.ts';
import { ID_MAX, isBlank, isRealDate, isRealDateTime, isStorableText } from '../../validators/formats.ts';

describe('formats', () => {
  it('takes days that exist only', () => {
    expect(['2026-02-28', '2024-02-29', '2000-02-29', '0001-01-01', '2026-12-31'].map(isRealDate)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(
      [
        '2026-02-30',
        '2025-02-29',
        '1900-02-29',
        '2026-13-01',
        '2026-00-10',
        '0000-01-01',
        '2026-04-31',
        '2026-1-1',
        '2026-01-01 ',
      ].map(isRealDate),
    ).toEqual(Array(9).fill(false));
  });

  it('takes times of those days, with an offset when there is a time', () => {
    const good = [
      '2026-03-01',
      '2026-03-01 23:59:59',
      '2026-03-01T00:00',
      '2026-03-01 10:00:00.123456',
      '2026-03-01T10:00:00Z',
      '2026-03-01 10:00+08:00',
      '2026-03-01T10:00:00-0530',
    ];
    const bad = [
      '2026-03-01 24:00',
      '2026-03-01 23:60',
      '2026-03-01 10:00:61',
      '2026-03-01 10:00+25:00',
      '2026-03-01Z',
      '2026-03-01+08:00',
      '2026-02-30 10:00',
      '2026-03-01 1:00',
      '2026-03-01 10:00:00.1234567',
    ];
    expect(good.filter((t) => !isRealDateTime(t))).toEqual([]);
    expect(bad.filter(isRealDateTime)).toEqual([]);
  });

  it('knows text the database cannot store, and text that is only blank', () => {
    expect(['', 'abc', '中文', '😀', 'e\u0301', '\uFEFF'].every(isStorableText)).toBe(true);
    expect(['a\u0000', '\ud800', 'x\udfffy', '\udc00\ud800', '😀'.slice(0, 1)].some(isStorableText)).toBe(false);
    expect(['', '   ', '\t\n', '\u3000', ' \u00a0 '].every(isBlank)).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});

describe('the operation log', () => {
  it('keeps a refused request it cannot store as sent: NUL and lone surrogates become U+FFFD', () => {
    const logged = JSON.stringify(maskSecrets({ body: { title: 'a\u0000b', ['k\ud800']: ['x\udfff😀'], password: 'p\u0000' } }));
    expect(logged).toBe(JSON.stringify({ body: { title: 'a\ufffdb', 'k\ufffd': ['x\ufffd😀'], password: '******' } }));
  });
});

describe('request validation', () => {
  const body = createAjv({ coerce: false });
  const check = (schema: object, value: unknown, locale: 'en-US' | 'zh-CN' = 'en-US') => {
    const validate = body.compile(schema);
    return validate(value) ? null : describeError(validate.errors![0]!, locale);
  };
  const schema = { type: 'object', properties: { name: { type: 'string' }, id: { type: 'integer' }, extra: {} } };

  it('refuses a NUL or a lone surrogate in any text or key, however deep, naming where', () => {
    expect(check(schema, { name: 'a\u0000b' })).toBe('name contains a character that cannot be stored (NUL or a lone surrogate)');
    expect(check(schema, { name: 'ok', extra: { list: [{ deep: '\ud800' }] } })).toBe(
      'extra/list/0/deep contains a character that cannot be stored (NUL or a lone surrogate)',
    );
    expect(check(schema, { name: 'ok', extra: { 'k\u0000': 1 } }, 'zh-CN')).toBe(
      'extra/k?含有无法保存的字符（空字符或不成对的代理项）',
    );
    expect(check(schema, { name: '中文 😀', extra: { a: ['e\u0301'] } })).toBeNull();
  });

  it('keeps integers without bounds of their own to ±(2^53 − 1), in bodies and in query strings', () => {
    expect(check(schema, { id: 2 ** 63 })).toBe(`id must be at most ${ID_MAX}`);
    expect(check(schema, { id: -1e20 })).toBe(`id must be at least -${ID_MAX}`);
    expect(check(schema, { id: ID_MAX })).toBeNull();
    // A schema's own bounds stay its own.
    expect(check({ type: 'object', properties: { n: { type: 'integer', maximum: 5 } } }, { n: 6 })).toBe('n must be at most 5');
    const query = createAjv({ coerce: true }).compile({
      type: 'object',
      properties: { id: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } },
    });
    expect(query({ id: '9223372036854775808' })).toBe(false);
    expect(query({ ids: ['1', '99999999999999999999'] })).toBe(false);
    expect(query({ id: '42' })).toBe(true);
  });

  it('validates the same schema object again as before (compiled once)', () => {
    const s = { type: 'object', properties: { id: { type: 'integer' } } };
    expect(body.compile(s)).toBe(body.compile(s));
  });
});

describe('entity bodies', () => {
  const entity = compileEntity(
    {
      name: 'thing',
      title: 'thing',
      table: 'thing',
      api: '/thing',
      permission: 'x:thing',
      generate: true,
      fields: {
        title: { type: 'string', title: 'title', required: true, maxLength: 20 },
        code: { type: 'string', title: 'code', required: true, pattern: '^[A-Z]+$' },
        note: { type: 'text', title: 'note' },
        day: { type: 'date', title: 'day' },
        at: { type: 'datetime', title: 'at' },
        parentId: { type: 'ref', title: 'parentId', ref: 'thing' },
        count: { type: 'integer', title: 'count' },
        amount: { type: 'money', title: 'amount' },
      },
    },
    null,
  );
  const validate = createAjv({ coerce: false }).compile(bodySchema(entity, 'save'));
  const error = (value: object) =>
    validate({ title: 'a', code: 'A', ...value })
      ? null
      : describeError(validate.errors![0]!, 'en-US', { title: 'Title', day: 'Day' });

  it('refuses a required text of spaces alone as required, and takes text around spaces', () => {
    expect(error({ title: '   ' })).toBe('Title is required');
    expect(error({ title: '\u3000\t' })).toBe('Title is required');
    expect(error({ title: ' a ' })).toBeNull();
    // An optional text may be spaces (it is not required).
    expect(error({ note: '   ' })).toBeNull();
  });

  it('refuses days, times, ids, integers and amounts the database cannot take', () => {
    expect(error({ day: '2026-02-30' })).toBe('Day has an invalid format');
    expect(error({ at: '2026-03-01 25:00' })).toBe('at has an invalid format');
    expect(error({ parentId: 2 ** 63 })).toBe(`parentId must be at most ${ID_MAX}`);
    expect(error({ parentId: -1 })).toBe('parentId must be at least 0');
    expect(error({ count: 2 ** 31 })).toBe('count must be at most 2147483647');
    expect(error({ amount: 1e16 })).not.toBeNull();
    expect(error({ day: '2024-02-29', at: '2026-03-01 23:59:59', parentId: 0, count: -5, amount: 9999999999999998 })).toBeNull();
  });
});

describe('the form', () => {
  const entity = {
    name: 'thing',
    title: 'thing',
    api: '/thing',
    permission: 'x:thing',
    readOnly: false,
    removable: true,
    defaultSort: { field: 'id', order: 'desc' },
    hasVersion: true,
    fields: [
      { name: 'title', type: 'string', title: 'title', required: true } as EntityField,
      { name: 'note', type: 'text', title: 'note' } as EntityField,
    ],
  } as unknown as PublicEntity;

  it("refuses a required text of spaces alone with the 'required' words, before the server does", async () => {
    const built = buildFormSchema(
      { entity: 'thing', schema: { type: 'object', properties: { title: {}, note: {} } } },
      entity,
      {},
      'en-US',
      {},
    ) as {
      properties: Record<string, Record<string, unknown>>;
    };
    const form = createForm();
    const field = form.createField({ name: 'title', required: true, validator: built.properties.title!['x-validator'] as never });
    const note = form.createField({ name: 'note', validator: built.properties.note!['x-validator'] as never });
    await field.onInput('   ');
    await note.onInput('   ');
    expect(field.selfErrors).toEqual(['This field is required']);
    expect(note.selfErrors).toEqual([]);
    await field.onInput(' a ');
    expect(field.selfErrors).toEqual([]);
  });

  it("uses the form's own 'required' words for spaces alone too", () => {
    const texts = {
      'thing.titleRequired': {
        'zh-CN': '请输入标题',
        'zh-TW': '請輸入標題',
        'en-US': 'Enter a title',
        'pt-BR': 'Informe o título',
      },
    };
    const built = buildFormSchema(
      {
        entity: 'thing',
        schema: { type: 'object', properties: { title: { 'x-messages': { required: 'thing.titleRequired' } } } },
      },
      entity,
      texts,
      'zh-CN',
      {},
    ) as { properties: Record<string, Record<string, unknown>> };
    const rules = built.properties.title!['x-validator'] as Array<Record<string, unknown>>;
    expect(rules.filter((r) => r.whitespace || r.required).map((r) => r.message)).toEqual(['请输入标题', '请输入标题']);
  });
});

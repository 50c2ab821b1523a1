// Issue 31: a money amount or a quantity with more decimals than its field takes is refused, never
// rounded — as a JSON number (by its shortest decimal text), as text, or as an xlsx cell — with a
// message naming the field and the places allowed, in four languages; the browser's form says the
// same before the request and never rounds either.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createForm } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { fieldTypeOfColumn, fieldTypeOfValue } from '../../server/modules/codegen/generate.ts';
import { checkSchemas } from '../../server/schemas/check.ts';
import { SCHEMAS_DIR } from '../../server/schemas/files.ts';
import { compileEntity } from '../../server/entities/model.ts';
import { actionBodySchema, bodySchema } from '../../server/entities/registry.ts';
import { integerCell, moneyCell, numberCell, readCell, sheetNumber, CellRefused } from '../../server/platform/xlsx-guard.ts';
import { buildFormSchema } from '../../renderer/form/build.ts';
import { thousands } from '../../renderer/format.ts';
import type { EntityField, PublicEntity } from '../../renderer/types.ts';
import { createAjv, describeError } from '../../validators/ajv.ts';
import { decimalPlaces, textDecimalPlaces } from '../../validators/formats.ts';
import { LOCALES } from '../../validators/locale.ts';

describe('decimal places', () => {
  it('counts a number’s places by its shortest decimal text, exponent forms included', () => {
    expect([0, 1, 1.5, 1.05, 1.005, 2.675, -0.01, 1e-7, 1.5e-7, 1e21, 123456789.12].map(decimalPlaces)).toEqual([
      0, 0, 1, 2, 3, 3, 2, 7, 8, 0, 2,
    ]);
    // Float noise is places too: 0.1 + 0.2 is not 0.3 as a JSON number.
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
    expect(decimalPlaces(Number.NaN)).toBe(Infinity);
    expect(decimalPlaces(Infinity)).toBe(Infinity);
  });

  it('counts a decimal text’s places as written', () => {
    expect(['1', '-2.5', '2.50', '1.005', '0.000'].map(textDecimalPlaces)).toEqual([0, 1, 2, 3, 3]);
    expect(['abc', '1e-7', '1.', '.5', ' 1.5', ''].map(textDecimalPlaces)).toEqual([null, null, null, null, null, null]);
  });
});

describe('the x-decimals keyword', () => {
  const ajv = createAjv({ coerce: false });
  const check = (scale: number, value: unknown) => {
    const validate = ajv.compile({ type: 'object', properties: { v: { type: ['number', 'string'], 'x-decimals': scale } } });
    return validate({ v: value }) ? null : validate.errors![0]!;
  };

  it('refuses more places than the scale, by number or text, and takes the rest', () => {
    expect(check(2, 1.005)?.keyword).toBe('x-decimals');
    expect(check(2, 2.675)?.keyword).toBe('x-decimals');
    expect(check(2, '1.005')?.keyword).toBe('x-decimals');
    expect(check(2, 1e-7)?.keyword).toBe('x-decimals');
    expect(check(2, 0.1 + 0.2)?.keyword).toBe('x-decimals');
    expect(check(1, 1.25)?.keyword).toBe('x-decimals');
    expect(check(0, 2.5)?.keyword).toBe('x-decimals');
    for (const [scale, v] of [
      [2, 1.05],
      [2, '1.05'],
      [2, -3],
      [2, 1e21],
      [1, 1.5],
      [0, 7],
      [4, 0.1234],
    ] as const)
      expect(check(scale, v), `${scale} ${v}`).toBeNull();
    // Text that is no decimal is left to the field's pattern.
    expect(check(2, 'abc')).toBeNull();
  });

  it('says which field and how many places, in every language', () => {
    const error = check(2, 1.005)!;
    const field = (name: string) => ({ v: name });
    expect(describeError(error, 'zh-CN', field('金额'))).toBe('金额的小数位数过多（最多2位）');
    expect(describeError(error, 'zh-TW', field('金額'))).toBe('金額的小數位數過多（最多2位）');
    expect(describeError(error, 'en-US', field('Amount'))).toBe('Amount has too many decimal places (at most 2)');
    expect(describeError(error, 'pt-BR', field('Valor'))).toBe('Valor tem casas decimais demais (no máximo 2)');
    // No places at all: a whole number.
    expect(describeError(check(0, 2.5)!, 'en-US', field('Count'))).toBe('Count must be a whole number');
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
        amount: { type: 'money', title: 'amount', minimum: 0 },
        days: { type: 'number', title: 'days', scale: 1, minimum: 0.5 },
        rate: { type: 'number', title: 'rate' },
        count: { type: 'number', title: 'count', scale: 0 },
        items: {
          type: 'json',
          title: 'items',
          rows: { qty: { type: 'number', title: 'qty' }, price: { type: 'money', title: 'price' } },
        },
      },
    },
    null,
  );
  const labels = { amount: 'Amount', days: 'Days', rate: 'Rate', count: 'Count' };
  const validate = createAjv({ coerce: false }).compile(bodySchema(entity, 'save'));
  const error = (value: object) => (validate({ ...value }) ? null : describeError(validate.errors![0]!, 'en-US', labels));

  it('refuses an amount of three places as a number or as text, never rounding it', () => {
    expect(error({ amount: 1.005 })).toBe('Amount has too many decimal places (at most 2)');
    expect(error({ amount: 2.675 })).toBe('Amount has too many decimal places (at most 2)');
    expect(error({ amount: '1.005' })).toBe('Amount has too many decimal places (at most 2)');
    expect(error({ amount: 1e-7 })).toBe('Amount has too many decimal places (at most 2)');
    expect(error({ amount: 1.05 })).toBeNull();
    expect(error({ amount: '1.05' })).toBeNull();
    expect(error({ amount: null })).toBeNull();
    // The limit still holds, and text that is no amount is still a format error.
    expect(error({ amount: -1 })).toBe('Amount must be at least 0');
    expect(error({ amount: 'abc' })).toBe('Amount has an invalid format');
  });

  it('refuses a number field’s extra places by its scale, two when it says none', () => {
    expect(error({ days: 1.25 })).toBe('Days has too many decimal places (at most 1)');
    expect(error({ days: 1.005 })).toBe('Days has too many decimal places (at most 1)');
    expect(error({ days: 1.5 })).toBeNull();
    expect(error({ rate: 0.125 })).toBe('Rate has too many decimal places (at most 2)');
    expect(error({ rate: 0.12 })).toBeNull();
    expect(error({ count: 2.5 })).toBe('Count must be a whole number');
    expect(error({ count: 3 })).toBeNull();
  });

  it('holds for a json field’s rows and a state action’s inputs, which are built the same way', () => {
    expect(validate({ items: [{ qty: 1.255, price: '1.00' }] })).toBe(false);
    expect(validate.errors![0]!.keyword).toBe('x-decimals');
    expect(validate({ items: [{ qty: 1, price: 1.005 }] })).toBe(false);
    expect(validate({ items: [{ qty: 1.25, price: '1.05' }] })).toBe(true);
    const action = createAjv({ coerce: false }).compile(actionBodySchema(entity, ['rate'], ['rate']));
    expect(action({ id: 1, rate: 0.333 })).toBe(false);
    expect(describeError(action.errors![0]!, 'zh-CN', { rate: '比率' })).toBe('比率的小数位数过多（最多2位）');
    expect(action({ id: 1, rate: 0.33 })).toBe(true);
  });
});

describe('cells of an uploaded workbook', () => {
  it('reads a formula’s saved result, refuses one without it, and never gives [object Object]', () => {
    expect(readCell({ formula: 'A1*2', result: 4 } as never)).toBe(4);
    expect(readCell({ formula: 'A1&"x"', result: 'ax' } as never)).toBe('ax');
    expect(readCell({ formula: 'TRUE()', result: true } as never)).toBe(true);
    const day = new Date('2026-03-01T00:00:00Z');
    expect(readCell({ formula: 'TODAY()', result: day } as never)).toBe(day);
    expect(readCell({ sharedFormula: 'B2', result: 7 } as never)).toBe(7);
    const none = readCell({ formula: "cmd|' /C calc'!A0" } as never);
    expect(none).toBeInstanceOf(CellRefused);
    expect(none).toMatchObject({ key: 'import.formulaCell', value: "=cmd|' /C calc'!A0" });
    expect(readCell({ sharedFormula: 'B2' } as never)).toMatchObject({ key: 'import.formulaCell' });
    expect(readCell({ formula: '1/0', result: { error: '#DIV/0!' } } as never)).toMatchObject({
      key: 'import.errorCell',
      value: '#DIV/0!',
    });
    expect(readCell({ error: '#N/A' } as never)).toMatchObject({ key: 'import.errorCell', value: '#N/A' });
  });

  it('reads rich text and hyperlinks as their text, and text that starts like a formula as text', () => {
    expect(readCell({ richText: [{ text: '办公' }, { text: '费' }] } as never)).toBe('办公费');
    expect(readCell({ text: '说明', hyperlink: 'https://example.com' } as never)).toBe('说明');
    expect(readCell({ text: { richText: [{ text: 'a' }, { text: 'b' }] }, hyperlink: 'x' } as never)).toBe('ab');
    for (const text of ['=1+1', '+86 10 1234', '-', '@SUM(A1)']) expect(readCell(text)).toBe(text);
    expect(readCell(null)).toBeUndefined();
    expect(readCell(undefined)).toBeUndefined();
  });

  it('reads a number as the spreadsheet holds it: float noise gone, typed digits kept', () => {
    expect(sheetNumber(0.1 + 0.2)).toBe(0.3);
    expect(sheetNumber(12.350000000000001)).toBe(12.35);
    expect(sheetNumber(1.005)).toBe(1.005);
    expect(sheetNumber(1.0000000001)).toBe(1.0000000001);
    expect(sheetNumber(9007199254740993)).toBe(9007199254740992);
    expect(readCell(0.1 + 0.2)).toBe(0.3);
  });

  it('refuses a money or number cell with more places than the field takes, never rounding it', () => {
    expect(moneyCell(1.005)).toBeNull();
    expect(moneyCell(2.675)).toBeNull();
    expect(moneyCell(1.0000000001)).toBeNull();
    expect(moneyCell(0.1 + 0.2)).toBe('0.30');
    expect(moneyCell(-12.5)).toBe('-12.50');
    expect(moneyCell('1,234.5')).toBe('1234.5');
    expect(numberCell(1.25, 1)).toBeNull();
    expect(numberCell('1.25', 1)).toBeNull();
    expect(numberCell(1.5, 1)).toBe(1.5);
    expect(numberCell('1.5', 1)).toBe(1.5);
    expect(numberCell(0.125, 2)).toBeNull();
    expect(numberCell('abc', 2)).toBe('abc');
    expect(integerCell(2.0000000000000004)).toBe(2);
    expect(integerCell(1.5)).toBeNull();
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
      { name: 'days', type: 'number', title: 'days', scale: 1 } as EntityField,
      { name: 'rate', type: 'number', title: 'rate' } as EntityField,
      { name: 'count', type: 'integer', title: 'count' } as EntityField,
      { name: 'amount', type: 'money', title: 'amount' } as EntityField,
    ],
  } as unknown as PublicEntity;

  const built = (language: string) =>
    buildFormSchema(
      { entity: 'thing', schema: { type: 'object', properties: { days: {}, rate: {}, count: {}, amount: {} } } },
      entity,
      {},
      language,
      {},
    ) as { properties: Record<string, Record<string, unknown>> };

  async function errorsOf(name: string, value: unknown, language = 'en-US') {
    const form = createForm();
    const field = form.createField({ name, validator: built(language).properties[name]!['x-validator'] as never });
    await field.onInput(value);
    return field.selfErrors;
  }

  it('refuses extra places before the request, by the same count as the server', async () => {
    expect(await errorsOf('days', 1.25)).toEqual(['Too many decimal places (at most 1)']);
    expect(await errorsOf('days', 1.5)).toEqual([]);
    expect(await errorsOf('rate', 1.005)).toEqual(['Too many decimal places (at most 2)']);
    expect(await errorsOf('rate', 1e-7)).toEqual(['Too many decimal places (at most 2)']);
    expect(await errorsOf('rate', 1.05)).toEqual([]);
    expect(await errorsOf('amount', '1.005')).toEqual(['Enter an amount with at most two decimals']);
    expect(await errorsOf('amount', '1.05')).toEqual([]);
    expect(await errorsOf('days', 1.25, 'zh-CN')).toEqual(['小数位数过多，最多1位']);
  });

  it('shows a typed amount as typed, never cut to two places', () => {
    expect(thousands('1.005', 2)).toBe('1.005');
    expect(thousands('1234.5', 2)).toBe('1,234.50');
    expect(thousands('1234', 2)).toBe('1,234.00');
  });

  it('gives no number box a precision that would round what is typed', () => {
    for (const language of LOCALES) {
      const props = built(language).properties;
      for (const name of ['days', 'rate', 'count'])
        expect((props[name]!['x-component-props'] as Record<string, unknown>).precision, name).toBeUndefined();
    }
  });
});

describe('a field’s scale', () => {
  it('is a number field’s only: schemas:check names it on any other type', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-check-'));
    try {
      const root = path.join(dir, 'schemas');
      fs.cpSync(SCHEMAS_DIR, root, { recursive: true });
      const file = path.join(root, 'expense/loan.entity.json');
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      json.fields.amount.scale = 3;
      fs.writeFileSync(file, JSON.stringify(json, null, 2));
      const problems = checkSchemas(root).filter((p) => p.pointer === '/fields/amount/scale');
      expect(problems.map((p) => [p.file, p.message])).toEqual([
        ['expense/loan.entity.json', 'scale is for number fields, not money'],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from a numeric column’s scale or a sample’s places in generated files', () => {
    expect(fieldTypeOfColumn({ name: 'rate', dataType: 'numeric', scale: 4 })).toEqual({ type: 'number', scale: 4 });
    expect(fieldTypeOfColumn({ name: 'amount', dataType: 'numeric(18,2)' })).toEqual({ type: 'money' });
    expect(fieldTypeOfColumn({ name: 'ratio', dataType: 'double precision' })).toEqual({ type: 'number' });
    expect(fieldTypeOfValue(1.2345)).toEqual({ type: 'number', scale: 4 });
    expect(fieldTypeOfValue(1.5)).toEqual({ type: 'number' });
  });
});

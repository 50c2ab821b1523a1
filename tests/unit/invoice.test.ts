// What identifies an invoice (issue 31, validators/invoice.ts): the register of a site keys on it, so
// every spelling of one invoice must give one key, and two invoices never one key. Each case names
// the rule it stands on:
//
// [数电] 全面数字化的电子发票: the number has 20 digits (digits 1–2 the year, 3–4 the province, 5 the
//        issuing channel, 6–20 a sequence) and there is no invoice code — 国家税务总局 provincial
//        announcements on the 全面数字化的电子发票 pilot (广东, 上海, 内蒙古, 2021) and 国家税务总局公告
//        2024年第11号 (推广应用全面数字化电子发票).
// [专票] 增值税专用发票: code of 10 digits, number of 8 digits (the 增值税发票管理新系统 forms).
// [普票] 增值税普通发票 (折叠票): code of 12 digits from 2018 (国家税务总局公告2017年第44号), number of 8.
// [电普] 增值税电子普通发票: code of 12 digits (first digit 0, digits 11–12 "11"), number of 8 digits —
//        国家税务总局公告2015年第84号.
// [写法] Spelling: spaces, full-width digits, hyphens and zeros in front are how people type, not what
//        the invoice is (issue 31: "no leading-zero tricks"; code "" = no code).
import { describe, expect, it } from 'vitest';
import { buildFormSchema } from '../../renderer/form/build.ts';
import type { EntityField, FormSchema, PublicEntity } from '../../renderer/types.ts';
import { invoiceIdentity, type InvoiceProblem } from '../../validators/invoice.ts';

const DIGITAL = '24312000000012345678'; // 2024, 31 = 上海, channel 2, sequence
const PLAIN_CODE = '031001800104'; // 12 digits, first 0: 普票 (Shanghai, 2018, batch 001, kind 04)
const SPECIAL_CODE = '3100181130'; // 10 digits: 专票 (Shanghai, 2018, …)

type Case = [
  source: string,
  number: unknown,
  code: unknown,
  want: { kind: 'digital' | 'traditional'; number: string; code: string | null; key: string },
];

const same: Case[] = [
  ['[数电] 20 digits, no code', DIGITAL, undefined, { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL }],
  ['[数电] code "" is no code', DIGITAL, '', { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL }],
  ['[数电] code null is no code', DIGITAL, null, { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL }],
  [
    '[数电] a code typed beside it is no part of it',
    DIGITAL,
    PLAIN_CODE,
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[数电] another code beside it: the same invoice',
    DIGITAL,
    '1234567890',
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[数电][写法] spaces in groups of four',
    '2431 2000 0000 1234 5678',
    undefined,
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[数电][写法] full-width digits',
    '２４３１２０００００００１２３４５６７８',
    undefined,
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[数电][写法] hyphens and a full-width space',
    '2431-2000\u30000000-1234-5678',
    '',
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[数电][写法] a zero in front (21 digits)',
    `0${DIGITAL}`,
    undefined,
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[数电][写法] spaces around, a tab inside',
    ` ${DIGITAL.slice(0, 10)}\t${DIGITAL.slice(10)} `,
    undefined,
    { kind: 'digital', number: DIGITAL, code: null, key: DIGITAL },
  ],
  [
    '[普票] code 12 + number 8',
    '00123456',
    PLAIN_CODE,
    { kind: 'traditional', number: '00123456', code: PLAIN_CODE, key: '31001800104:123456' },
  ],
  [
    '[普票][写法] the zeros of the number left out',
    '123456',
    PLAIN_CODE,
    { kind: 'traditional', number: '00123456', code: PLAIN_CODE, key: '31001800104:123456' },
  ],
  [
    '[普票][写法] zeros added in front of the number',
    '0000123456',
    PLAIN_CODE,
    { kind: 'traditional', number: '0000123456', code: PLAIN_CODE, key: '31001800104:123456' },
  ],
  [
    '[普票][写法] a code with spaces',
    '00123456',
    '0310 0180 0104',
    { kind: 'traditional', number: '00123456', code: PLAIN_CODE, key: '31001800104:123456' },
  ],
  [
    '[普票][写法] a code without its first zero',
    '00123456',
    PLAIN_CODE.slice(1),
    { kind: 'traditional', number: '00123456', code: PLAIN_CODE.slice(1), key: '31001800104:123456' },
  ],
  [
    '[普票][写法] full-width code and number',
    '００１２３４５６',
    '０３１００１８００１０４',
    { kind: 'traditional', number: '00123456', code: PLAIN_CODE, key: '31001800104:123456' },
  ],
  [
    '[普票][写法] a code with zeros added beyond 12 digits',
    '00123456',
    `00${PLAIN_CODE}`,
    { kind: 'traditional', number: '00123456', code: PLAIN_CODE.slice(1), key: '31001800104:123456' },
  ],
  [
    '[专票] code 10 + number 8',
    '87654321',
    SPECIAL_CODE,
    { kind: 'traditional', number: '87654321', code: SPECIAL_CODE, key: `${SPECIAL_CODE}:87654321` },
  ],
  [
    '[电普] code 12 (…11) + number 8',
    '40000001',
    '011002300111',
    { kind: 'traditional', number: '40000001', code: '011002300111', key: '11002300111:40000001' },
  ],
];

const different: Array<[source: string, a: [unknown, unknown], b: [unknown, unknown]]> = [
  ['[普票] the same number under another code is another invoice', ['00123456', PLAIN_CODE], ['00123456', '031001800204']],
  [
    '[专票][普票] a 10-digit and a 12-digit code are different codes',
    ['87654321', SPECIAL_CODE],
    ['87654321', `00${SPECIAL_CODE}1`],
  ],
  ['[数电] one digit more or less is another number', [DIGITAL, undefined], [`${DIGITAL.slice(0, 19)}9`, undefined]],
  [
    '[数电][普票] a digital number and a traditional invoice never share a key',
    [DIGITAL, undefined],
    [DIGITAL.slice(12), DIGITAL.slice(0, 12)],
  ],
];

const refused: Array<[source: string, number: unknown, code: unknown, problem: InvoiceProblem]> = [
  ['[写法] letters are not digits', '12AB5678', PLAIN_CODE, 'number'],
  ['[写法] a dot is not a separator', '1234.5678', PLAIN_CODE, 'number'],
  ['[写法] nothing typed', '', PLAIN_CODE, 'number'],
  ['[写法] spaces alone', '   ', PLAIN_CODE, 'number'],
  ['[写法] all zeros', '00000000', PLAIN_CODE, 'number'],
  ['[数电] more than 20 significant digits', `1${DIGITAL}`, undefined, 'number'],
  ['not text', 12345678, PLAIN_CODE, 'number'],
  ['[专票][普票] a traditional invoice needs its code', '00123456', undefined, 'codeMissing'],
  ['[专票][普票] code "" is no code', '00123456', '', 'codeMissing'],
  ['[专票][普票] code of spaces is no code', '00123456', ' \u3000 ', 'codeMissing'],
  ['[专票][普票] code of zeros is no code', '00123456', '000000000000', 'codeMissing'],
  ['[专票][普票] a code has at most 12 digits', '00123456', '1234567890123', 'code'],
  ['[写法] a code of letters', '00123456', 'ABCDEFGHIJ', 'code'],
];

describe('the identity of an invoice', () => {
  it.each(same)('%s', (_source, number, code, want) => {
    expect(invoiceIdentity(number, code)).toEqual({ ok: true, ...want });
  });

  it('every spelling of one invoice gives one key', () => {
    const digital = same.filter(([, , , w]) => w.kind === 'digital').map(([, n, c]) => invoiceIdentity(n, c));
    expect(new Set(digital.map((r) => (r.ok ? r.key : r.problem)))).toEqual(new Set([DIGITAL]));
    const plain = same.filter(([s]) => s.startsWith('[普票]')).map(([, n, c]) => invoiceIdentity(n, c));
    expect(new Set(plain.map((r) => (r.ok ? r.key : r.problem))).size).toBe(1);
  });

  it.each(different)('%s', (_source, [an, ac], [bn, bc]) => {
    const a = invoiceIdentity(an, ac);
    const b = invoiceIdentity(bn, bc);
    expect(a.ok && b.ok).toBe(true);
    expect(a.ok && b.ok && a.key !== b.key).toBe(true);
  });

  it.each(refused)('%s', (_source, number, code, problem) => {
    expect(invoiceIdentity(number, code)).toEqual({ ok: false, problem });
  });
});

describe('the form', () => {
  it('checks an invoice number as the register reads it, whatever its spelling', () => {
    const entity = {
      name: 'inv',
      fields: [
        { name: 'invoiceCode', type: 'string', title: 'invoiceCode', maxLength: 30 } as EntityField,
        {
          name: 'invoiceNo',
          type: 'string',
          title: 'invoiceNo',
          maxLength: 40,
          invoice: { register: 'invoice', code: 'invoiceCode' },
        } as EntityField,
      ],
    } as unknown as PublicEntity;
    const form: FormSchema = { entity: 'inv', schema: { type: 'object', properties: { invoiceNo: {}, invoiceCode: {} } } };
    const built = buildFormSchema(form, entity, {}, 'en-US', {}) as { properties: Record<string, Record<string, unknown>> };
    const rules = built.properties.invoiceNo!['x-validator'] as Array<{ validator?: (v: unknown) => boolean; message?: string }>;
    const rule = rules.find((r) => r.validator)!;
    expect(rule.message).toBe('An invoice number is digits: 20 for a fully digital invoice, else 8 (with the invoice code)');
    expect([DIGITAL, '2431 2000 0000 1234 5678', '００１２３４５６', '0012-3456', ''].map(rule.validator!)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['12AB5678', '00000000', `1${DIGITAL}`].map(rule.validator!)).toEqual([false, false, false]);
    expect((built.properties.invoiceCode!['x-validator'] as Array<{ validator?: unknown }>).some((r) => r.validator)).toBe(false);
  });
});

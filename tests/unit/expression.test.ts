import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../validators/expression/evaluate.ts';
import { parse, ExpressionError } from '../../validators/expression/parse.ts';
import { mergePatch, danglingPaths } from '../../validators/merge-patch.ts';

describe('the linkage expression language', () => {
  it.each([
    ['1 + 2 * 3', {}, 7],
    ['(1 + 2) * 3', {}, 9],
    ['money >= 100000 || (sanZhongYiDa && majorFlag == 1)', { money: '120000', sanZhongYiDa: false, majorFlag: 0 }, true],
    ['money >= 100000 || (sanZhongYiDa && majorFlag == 1)', { money: '500', sanZhongYiDa: true, majorFlag: '1' }, true],
    ['money >= 100000 || (sanZhongYiDa && majorFlag == 1)', { money: '500', sanZhongYiDa: true, majorFlag: '0' }, false],
    ["$deps[0] != '1'", { $deps: ['2'] }, true],
    ["$deps[0] != '1'", { $deps: [1] }, false],
    ['a.b.c', { a: { b: { c: 'x' } } }, 'x'],
    ['a.missing.c', { a: {} }, undefined],
    ["status == '2' ? 'approved' : 'open'", { status: 2 }, 'approved'],
    ['!isEmpty(list) && len(list) > 1', { list: [1, 2] }, true],
    ["includes(['30212', '30217'], economicClass)", { economicClass: '30217' }, true],
    ['round(amount * 0.0003, 2)', { amount: 12345.67 }, 3.7],
    ['"第" + n + "页"', { n: 3 }, '第3页'],
    ['金额 > 10', { 金额: 11 }, true],
    ['x === undefined && y == null', { y: null }, true],
    // An adjustment's total from its lines, to the cent (0.1 + 0.2 is 0.3 here).
    ["sum(lines, 'amount')", { lines: [{ amount: '0.1' }, { amount: '0.2' }, { amount: '-1' }] }, -0.7],
    ["sum(lines, 'amount', 'positive')", { lines: [{ amount: '0.1' }, { amount: '0.2' }, { amount: '-1' }] }, 0.3],
    ["abs(sum(lines, 'amount', 'negative'))", { lines: [{ amount: '-5000' }, { amount: '5000' }, {}] }, 5000],
    ["string(sum(lines, 'amount'))", { lines: 'not a list' }, '0'],
    // A line's amount while its price box holds no number yet: empty, never 'NaN'.
    ['string(round(number(q) * number(p), 2))', { q: '3', p: '12x.5' }, ''],
  ])('%s', (source, scope, expected) => expect(run(source, scope as Record<string, unknown>)).toEqual(expected));

  it('refuses prototype plumbing and calls of anything but its own functions', () => {
    expect(() => run('constructor', {})).toThrow();
    expect(() => run('a.constructor', { a: {} })).toThrow();
    expect(() => run("a['__proto__']", { a: {} })).toThrow();
    expect(() => run('a.toString()', { a: {} })).toThrow('only the expression functions can be called');
    expect(() => run('f()', { f: () => 1 })).toThrow('only the expression functions can be called');
    expect(() => run('len.call(1)', {})).toThrow();
  });

  it('reports a syntax error with its position', () => {
    expect(() => parse('a +')).toThrow(ExpressionError);
    expect(() => parse('a ? b')).toThrow(/expected ":"/);
    expect(() => parse("'open")).toThrow(/unterminated string/);
    expect(() => parse('a = 1')).toThrow(/unexpected "="/);
  });

  describe('without eval', () => {
    const realEval = globalThis.eval;
    const realFunction = globalThis.Function;
    afterEach(() => {
      globalThis.eval = realEval;
      globalThis.Function = realFunction;
    });
    it('parses and evaluates with eval and Function taken away', () => {
      const trap = () => {
        throw new Error('eval reached');
      };
      globalThis.eval = trap as typeof eval;
      globalThis.Function = trap as unknown as FunctionConstructor;
      expect(run('(a + 1) * 2 > 5 && includes([1, 2], b) ? "yes" : "no"', { a: 2, b: 2 })).toBe('yes');
      expect(run('round(len(s) / 3, 1)', { s: 'abcdefg' })).toBe(2.3);
    });
  });
});

describe('site overrides (JSON merge patch)', () => {
  const base = { title: 'a', fields: { money: { type: 'money', required: false }, remark: { type: 'text' } }, order: [1, 2] };
  it('merges objects, replaces arrays and values, removes with null', () => {
    expect(mergePatch(base, { fields: { money: { required: true }, remark: null }, order: [3] })).toEqual({
      title: 'a',
      fields: { money: { type: 'money', required: true } },
      order: [3],
    });
  });
  it('reports a patch into something the base no longer has', () => {
    expect(danglingPaths(base, { fields: { amount: { required: true }, remark: null, extra: 'new' } })).toEqual([
      '/fields/amount',
    ]);
    expect(danglingPaths(base, { gone: null })).toEqual(['/gone']);
  });
});

describe('display filters', () => {
  it.each([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    ['100000', '壹拾万元整'],
    ['10005.2', '壹万零伍元贰角'],
    ['0.5', '伍角'],
    ['100000000', '壹亿元整'],
    ['1010', '壹仟零壹拾元整'],
    ['10.05', '壹拾元零伍分'],
    ['0', '零元整'],
    ['-20', '负贰拾元整'],
  ])('%s in Chinese capitals is %s', async (amount, words) => {
    const { chineseAmount } = await import('../../renderer/format.ts');
    expect(chineseAmount(amount)).toBe(words);
  });
  it('groups thousands exactly', async () => {
    const { thousands } = await import('../../renderer/format.ts');
    expect(thousands('1234567.5', 2)).toBe('1,234,567.50');
    expect(thousands('-9876543210.01', 2)).toBe('-9,876,543,210.01');
    expect(thousands(1234567)).toBe('1,234,567');
    expect(thousands('abc')).toBe('abc');
  });
  it('splits a long text into pieces of 60 characters (spec section 9), never inside a character', async () => {
    const { splitText } = await import('../../renderer/format.ts');
    const text = '预算'.repeat(70); // 140 characters
    expect(splitText(text).map((p) => p.length)).toEqual([60, 60, 20]);
    expect(splitText(text).join('')).toBe(text);
    expect(splitText('𠀀'.repeat(61)).map((p) => Array.from(p).length)).toEqual([60, 1]);
    expect(splitText('short')).toEqual(['short']);
  });
  it('shows a cut-off list cell whole on hover, in lines of 60 characters', async () => {
    const { buildColumns } = await import('../../renderer/list/columns.tsx');
    const remark = 'x'.repeat(130);
    const bundle = {
      entity: { fields: [{ name: 'remark', type: 'string', title: 'r' }] },
      list: { columns: [{ field: 'remark', ellipsis: true }] },
      texts: {},
    } as never;
    const [column] = buildColumns(bundle, {}, 'en-US', {}, () => null);
    const cell = column!.render!(undefined, { id: 1, remark }, 0) as { props: { title: string } };
    expect(cell.props.title.split('\n').map((l) => l.length)).toEqual([60, 60, 10]);
  }, 30_000); // the first import of antd
  it('shows in a list cell what a record shows, deciding per column what a click does', async () => {
    const { buildColumns, displayValue } = await import('../../renderer/list/columns.tsx');
    const fields = [
      { name: 'amount', type: 'money', title: 'a' },
      { name: 'day', type: 'date', title: 'd' },
      { name: 'state', type: 'dict', title: 's', dict: 'st' },
      { name: 'on', type: 'boolean', title: 'o' },
      { name: 'dept', type: 'ref', title: 'r' },
      { name: 'code', type: 'string', title: 'c' },
    ];
    // Two entries of one value: the first one counts, as on a record's page.
    const dicts = {
      st: [
        { dictValue: '1', dictLabel: 'Open', listClass: 'default' },
        { dictValue: '1', dictLabel: 'Later', listClass: 'default' },
      ],
    } as never;
    const bundle = {
      entity: { fields },
      list: {
        columns: [...fields.map((f) => ({ field: f.name })), { field: 'code', filter: 'money', link: { action: 'view' } }],
      },
      texts: {},
    } as never;
    const asked: string[] = [];
    const clicked: number[] = [];
    const columns = buildColumns(bundle, dicts, 'en-US', {}, (c) => {
      asked.push(c.field);
      return c.link ? (row) => clicked.push(row.id) : null;
    });
    expect(asked).toEqual(['amount', 'day', 'state', 'on', 'dept', 'code', 'code']);
    const row = {
      id: 7,
      amount: '1234.5',
      day: '2024-03-05 10:00:00',
      state: '1',
      on: false,
      dept: 3,
      deptLabel: 'Finance',
      code: '99',
    };
    const cells = columns.map((c) => c.render!(undefined, row, 0));
    expect(cells.slice(0, 6)).toEqual(['1,234.50', '2024-03-05', 'Open', 'No', 'Finance', '99']);
    for (const f of fields) expect(displayValue(f as never, {}, row, dicts, 'en-US')).toEqual(cells[fields.indexOf(f)]);
    const link = cells[6] as { props: { onClick: () => void; children: string } };
    expect(link.props.children).toBe('99.00'); // the column's filter over the field's type
    link.props.onClick();
    expect(clicked).toEqual([7]);
  });
});

describe('the meeting-record rule (spec section 4)', () => {
  const settings = { threshold: 100000, sanZhongYiDa: true, stage: 'application' as const, showAtApplication: true };
  it('requires minutes from the threshold on, or for a major matter', async () => {
    const { meetingRecordState } = await import('../../validators/meeting-record.ts');
    expect(meetingRecordState({ money: '99999.99' }, settings)).toMatchObject({ show: true, required: false, advised: true });
    expect(meetingRecordState({ money: '100000.00' }, settings)).toMatchObject({ show: true, required: true, advised: false });
    expect(meetingRecordState({ money: '1000000' }, settings).required).toBe(true);
    expect(meetingRecordState({ money: 5000, majorFlag: 1 }, settings).required).toBe(true);
    expect(meetingRecordState({ money: 5000, majorFlag: '1' }, { ...settings, sanZhongYiDa: false }).required).toBe(false);
  });
  it('shows the section only where the settings or the record say', async () => {
    const { meetingRecordState } = await import('../../validators/meeting-record.ts');
    const hidden = { ...settings, showAtApplication: false };
    expect(meetingRecordState({ money: '500000' }, hidden)).toMatchObject({ show: false, required: false });
    expect(meetingRecordState({ money: '500000', uploadMeetingRecordAudit: 1 }, hidden)).toMatchObject({
      show: true,
      required: true,
    });
    expect(meetingRecordState({ id: 3, showMeetingRecordFlag: '1' }, hidden).show).toBe(true);
    expect(meetingRecordState({ id: 3, showMeetingRecordFlag: '1', updateFlag: true }, hidden).show).toBe(false);
  });
  it('requires at the extension node when the settings say so', async () => {
    const { meetingRecordState } = await import('../../validators/meeting-record.ts');
    const ext = { ...settings, stage: 'extension' as const };
    expect(meetingRecordState({ money: '500000' }, ext).required).toBe(false);
    expect(meetingRecordState({ money: '500000' }, ext, { atExtensionNode: true }).required).toBe(true);
  });
  it('counts a chosen record or uploaded minutes as provided', async () => {
    const { meetingRecordState } = await import('../../validators/meeting-record.ts');
    expect(meetingRecordState({ money: '500000', meetingRecordId: 7 }, settings).provided).toBe(true);
    expect(meetingRecordState({ money: '500000', meetingRecordFileList: '[{"url":"x"}]' }, settings).provided).toBe(true);
    expect(meetingRecordState({ money: '500000', meetingRecordFileList: '[]' }, settings).provided).toBe(false);
  });
});

describe('submitting a form with the meeting-record section', () => {
  const settings = { threshold: 100000, sanZhongYiDa: false, stage: 'application' as const, showAtApplication: true };
  it('goes, asks, refuses or waits as spec section 4 says', async () => {
    const { meetingSubmitCheck } = await import('../../renderer/form/meeting.ts');
    expect(meetingSubmitCheck({ money: '500000' }, settings)).toBe('required');
    expect(meetingSubmitCheck({ money: '500000', meetingRecordId: 3 }, settings)).toBe('go');
    expect(meetingSubmitCheck({ money: '500' }, settings)).toBe('confirm');
    expect(meetingSubmitCheck({ money: '500' }, { ...settings, showAtApplication: false })).toBe('go');
  });
});

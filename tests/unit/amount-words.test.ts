// Amounts in Chinese capitals (大写金额) by the official rule, one table per rule, each case with its
// source beside it:
//   [附一]  中国人民银行《支付结算办法》附一 "正确填写票据和结算凭证的基本规定": its worked examples of
//           zeros (第四条), the characters (第一条), 整 (第二条) and 人民币 before the capitals (第三条)
// The traditional forms (zh-TW) are those 附一 第一条 accepts as 繁体 (貳、陸、億、萬) and the 參 of
// Taiwan's cheques and forms; every example of 附一 is checked in both scripts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chineseAmount } from '../../renderer/format.ts';
import { amountWords, currencyName, printedAmount } from '../../renderer/print/amountWords.ts';

describe('zeros as 附一 第四条 writes them', () => {
  // [figure, the forms 附一 gives (either is right where it gives two), the traditional form we print]
  const cases: Array<[figure: string, official: string[], traditional: string, rule: string]> = [
    ['1409.50', ['壹仟肆佰零玖元伍角'], '壹仟肆佰零玖元伍角', '（一）中间有"0"写"零"'],
    ['6007.14', ['陆仟零柒元壹角肆分'], '陸仟零柒元壹角肆分', '（二）中间连续几个"0"只写一个"零"'],
    ['1680.32', ['壹仟陆佰捌拾元零叁角贰分', '壹仟陆佰捌拾元叁角贰分'], '壹仟陸佰捌拾元參角貳分', '（三）元位是"0"，角位不是'],
    [
      '107000.53',
      ['壹拾万柒仟元零伍角叁分', '壹拾万零柒仟元伍角叁分'],
      '壹拾萬零柒仟元伍角參分',
      '（三）万位、元位是"0"，千位、角位不是',
    ],
    ['16409.02', ['壹万陆仟肆佰零玖元零贰分'], '壹萬陸仟肆佰零玖元零貳分', '（四）角位是"0"而分位不是："元"后写"零"'],
    ['325.04', ['叁佰贰拾伍元零肆分'], '參佰貳拾伍元零肆分', '（四）同上'],
  ];
  it.each(cases)('¥%s (%s)', (figure, official, traditional) => {
    expect(official).toContain(chineseAmount(figure));
    expect(chineseAmount(figure, 'traditional')).toBe(traditional);
  });
});

describe('整 after 元, none after 角 or 分 (附一 第二条); the large units', () => {
  const cases: Array<[figure: string, simplified: string, traditional: string]> = [
    ['100000', '壹拾万元整', '壹拾萬元整'],
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分', '壹仟貳佰參拾肆元伍角陸分'],
    ['10005.2', '壹万零伍元贰角', '壹萬零伍元貳角'],
    ['0.5', '伍角', '伍角'],
    ['0.05', '伍分', '伍分'],
    ['100000000', '壹亿元整', '壹億元整'],
    ['100010000', '壹亿零壹万元整', '壹億零壹萬元整'],
    ['9999999999.99', '玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分', '玖拾玖億玖仟玖佰玖拾玖萬玖仟玖佰玖拾玖元玖角玖分'],
    ['1010', '壹仟零壹拾元整', '壹仟零壹拾元整'],
    ['10.05', '壹拾元零伍分', '壹拾元零伍分'],
    ['0', '零元整', '零元整'],
    ['-20', '负贰拾元整', '負貳拾元整'],
    ['abc', '', ''],
    ['1.005', '', ''],
  ];
  it.each(cases)('%s → %s / %s', (figure, simplified, traditional) => {
    expect(chineseAmount(figure)).toBe(simplified);
    expect(chineseAmount(figure, 'traditional')).toBe(traditional);
  });
  it('the traditional capitals use no simplified character', () => {
    const simplifiedOnly = /[贰叁陆万亿负]/;
    for (const figure of ['1234567890.12', '3333.33', '22222222.22', '-66'])
      expect(chineseAmount(figure, 'traditional')).not.toMatch(simplifiedOnly);
  });
});

describe('the print: the reader’s script, and 人民币 right before the capitals (附一 第三条)', () => {
  it.each([
    ['zh-CN', '人民币', '壹仟肆佰零玖元伍角'],
    ['zh-TW', '人民幣', '壹仟肆佰零玖元伍角'],
    ['en-US', '人民币', '壹仟肆佰零玖元伍角'],
    ['pt-BR', '人民币', '壹仟肆佰零玖元伍角'],
  ])('%s: %s%s', (language, currency, words) => {
    expect(currencyName(language)).toBe(currency);
    expect(printedAmount('1409.50', language, true)).toEqual({ currency, words });
    // Without the template's setting, the capitals alone.
    expect(printedAmount('1409.50', language)).toEqual({ currency: '', words });
  });
  it('writes traditional capitals for zh-TW only', () => {
    expect(amountWords('325.04', 'zh-TW')).toBe('參佰貳拾伍元零肆分');
    expect(amountWords('325.04', 'en-US')).toBe('叁佰贰拾伍元零肆分');
  });
  it('puts no currency before what is no amount', () => {
    expect(printedAmount(null, 'zh-CN', true)).toEqual({ currency: '', words: '' });
    expect(printedAmount('', 'zh-TW', true)).toEqual({ currency: '', words: '' });
  });

  // On by default for payment documents: their templates set it; other documents' do not.
  const root = path.resolve(__dirname, '../../schemas');
  const amountSections = (file: string) =>
    (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).sections as Array<Record<string, unknown>>).filter(
      (s) => s.type === 'amount',
    );
  it.each([
    'expense/reimburse.print.json',
    'expense/loan.print.json',
    'expense/employeeFee.print.json',
    'contract/contractPayment.print.json',
  ])('the payment document %s prints 人民币 before its capitals', (file) => {
    const sections = amountSections(file);
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) expect(s.currencyPrefix).toBe(true);
  });
  it.each(['contract/contract.print.json', 'contract/contractChange.print.json', 'budget/budgetAdjustApply.print.json'])(
    '%s (no payment) does not',
    (file) => {
      for (const s of amountSections(file)) expect(s.currencyPrefix).toBeUndefined();
    },
  );
});

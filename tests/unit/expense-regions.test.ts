// The official region table (出差地区表) a claim's place is chosen from: every spelling of a place
// lands on one row, so 北京 and 北京市 find the same standards; the forms offer exactly the table,
// each choice with its texts in the four languages (server/modules/expense/regions.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REGIONS, regionChain, resolveRegion, shortNames } from '../../server/modules/expense/regions.ts';
import { REGION_FORMS, regionChoices } from '../../server/modules/expense/regions.build.ts';

const SCHEMAS = path.resolve(__dirname, '../../schemas/expense');

describe('the region table', () => {
  it('holds the 31 provinces and their prefecture-level divisions, codes of GB/T 2260, names unique', () => {
    expect(REGIONS.filter((r) => r.parent === null)).toHaveLength(31);
    expect(new Set(REGIONS.map((r) => r.code)).size).toBe(REGIONS.length);
    expect(new Set(REGIONS.map((r) => r.name)).size).toBe(REGIONS.length);
    for (const r of REGIONS) {
      expect(r.code).toMatch(/^\d{6}$/);
      // A city's code begins with its province's two digits.
      if (r.parent) expect(r.code.slice(0, 2)).toBe(r.parent.slice(0, 2));
      // The claim keeps the label in a column of 20 characters.
      expect(r.label.length).toBeLessThanOrEqual(20);
    }
    // Hong Kong, Macao and Taiwan are not 赴地方 travel (因公出国（境）).
    expect(REGIONS.some((r) => /^(71|81|82)/.test(r.code))).toBe(false);
  });

  // Each case: what is written, the region it is, where its standards are looked for.
  it.each([
    ['北京', '110000', ['110000']],
    ['北京市', '110000', ['110000']],
    ['110000', '110000', ['110000']],
    ['西藏', '540000', ['540000']],
    ['西藏自治区', '540000', ['540000']],
    ['拉萨', '540100', ['540100', '540000']],
    ['拉萨市', '540100', ['540100', '540000']],
    ['西藏自治区 拉萨市', '540100', ['540100', '540000']],
    // 财行〔2016〕71号 lists 大连, 宁波, 厦门, 青岛, 深圳 apart from their provinces.
    ['大连', '210200', ['210200', '210000']],
    ['宁波市', '330200', ['330200', '330000']],
    ['厦门', '350200', ['350200', '350000']],
    ['青岛', '370200', ['370200', '370000']],
    ['深圳', '440300', ['440300', '440000']],
    // 71号 writes autonomous prefectures short: 延边州, 阿坝州.
    ['延边州', '222400', ['222400', '220000']],
    ['延边朝鲜族自治州', '222400', ['222400', '220000']],
    // A county a province governs directly hangs from the province (琼海, 石河子).
    ['琼海', '469002', ['469002', '460000']],
    ['石河子市', '659001', ['659001', '650000']],
    // Spelt like its province, a short name is the province.
    ['吉林', '220000', ['220000']],
    ['吉林市', '220200', ['220200', '220000']],
    ['海南', '460000', ['460000']],
    ['海南州', '632500', ['632500', '630000']],
    ['  上海  ', '310000', ['310000']],
  ])('%s is %s', (text, code, chain) => {
    expect(resolveRegion(text)?.code).toBe(code);
    expect(regionChain(code)).toEqual(chain);
  });

  it.each(['火星', '', '北', '999999', '香港', 'Beijing'])('%s is no region', (text) => {
    expect(resolveRegion(text)).toBeUndefined();
  });

  it('short names drop the kind of division and the peoples of an autonomous one', () => {
    expect(shortNames('内蒙古自治区')).toEqual(['内蒙古']);
    expect(shortNames('新疆维吾尔自治区')).toEqual(['新疆']);
    expect(shortNames('恩施土家族苗族自治州')).toEqual(['恩施', '恩施州']);
    expect(shortNames('巴音郭楞蒙古自治州')).toEqual(['巴音郭楞', '巴音郭楞州']);
    expect(shortNames('陵水黎族自治县')).toEqual(['陵水', '陵水县']);
    expect(shortNames('阿里地区')).toEqual(['阿里']);
  });
});

describe('the forms that pick a place', () => {
  const texts = JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'regions/i18n.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const enumOf = (file: string): unknown => {
    const json = JSON.parse(fs.readFileSync(path.join(SCHEMAS, file), 'utf8'));
    const found: unknown[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (k === 'region' && v && typeof v === 'object' && 'enum' in v) found.push((v as { enum: unknown }).enum);
        else walk(v);
      }
    };
    walk(json);
    expect(found).toHaveLength(1);
    return found[0];
  };

  it.each(REGION_FORMS.map((f) => [f.file, f.withAny] as const))(
    '%s offers exactly the table (regenerate: npx tsx server/modules/expense/regions.build.ts)',
    (file, withAny) => {
      expect(enumOf(file)).toEqual(regionChoices(withAny));
    },
  );

  it('every region has its texts in four languages, the zh-CN one its label', () => {
    for (const r of REGIONS) {
      const t = texts[`region.${r.code}`];
      expect(t, r.code).toBeTruthy();
      expect(t!['zh-CN']).toBe(r.label);
      for (const lang of ['zh-TW', 'en-US', 'pt-BR']) expect(t![lang]?.trim(), `${r.code} ${lang}`).toBeTruthy();
    }
    expect(Object.keys(texts).filter((k) => k !== '$schema')).toHaveLength(REGIONS.length);
    expect(texts['region.540100']).toEqual({
      'zh-CN': '西藏自治区 拉萨市',
      'zh-TW': '西藏自治區 拉薩市',
      'en-US': 'Lhasa, Xizang',
      'pt-BR': 'Lhasa, Xizang',
    });
  });
});

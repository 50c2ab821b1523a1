// The unified social credit code (统一社会信用代码, validators/uscc.ts): a supplier's tax id is taken
// only with the check character GB 32100-2015 gives it. Each case names where it comes from:
//
// [GB]      GB 32100-2015 法人和其他组织统一社会信用代码编码规则: 18 characters of the alphabet
//           0–9 A–H J–N P–R T U W–Y (no I, O, S, V, Z), digits 3–8 the division code (GB/T 2260),
//           check C18 = 31 − (Σ Ci·Wi mod 31), Wi = 3^(i−1) mod 31, 31 written 0 and 30 written Y.
// [stdnum]  python-stdnum, stdnum/cn/uscc.py: its docstring example and tests/test_cn_uscc.doctest,
//           codes "found online" (published on business licences and the national enterprise credit
//           information publicity system, 国家企业信用信息公示系统), and its refused examples.
// [hand]    Worked by hand below from the [GB] rule.
import { describe, expect, it } from 'vitest';
import { createAjv, describeError } from '../../validators/ajv.ts';
import { isUscc, usccCheckChar, usccProblem, type UsccProblem } from '../../validators/uscc.ts';

const valid: Array<[source: string, code: string, why: string]> = [
  ['[stdnum] docstring', '91110000600037341L', 'check L (20)'],
  ['[stdnum] doctest', '121200004013590816', 'authority 1 (机构编制), kind 2: a public institution'],
  ['[stdnum] doctest', '9144030071526726XG', 'an X inside the organisation code'],
  ['[stdnum] doctest', '91152201078391769Y', 'check Y: the value 30'],
  ['[stdnum] doctest', '91340600MA2PBP2120', 'check 0: Σ mod 31 = 0 gives 31, written 0'],
  ['[stdnum] doctest', '91310115MA1K3BTP2B', 'letters in the organisation code (an MA… code since 2015)'],
  ['[stdnum] doctest', '91620105L015101280', 'an L in position 9'],
  ['[stdnum] doctest', '92340602MA2PBMEM24', 'authority 9, kind 2: an individual business (个体工商户)'],
];

const refused: Array<[source: string, code: string, problem: UsccProblem]> = [
  ['[stdnum] wrong check character', '91110000600037341N', 'checkDigit'],
  ['[stdnum] letters outside the alphabet', '9111000060003IOZSV', 'characters'],
  ['[stdnum] too short', '12345', 'length'],
  ['[GB] 17 characters: no check character', '91110000600037341', 'length'],
  ['[GB] 19 characters', '91110000600037341LX', 'length'],
  ['[GB] lower case is not the alphabet', '91310115ma1k3btp2b', 'characters'],
  ['[GB] a space is not the alphabet', '9111000 600037341L', 'characters'],
  ['[GB] full-width digits are not the alphabet', '９1110000600037341L', 'characters'],
  ['[GB] the division code is six digits', '9111A000600037341L', 'characters'],
  ['[GB] two characters swapped (the weights catch it)', '91110000600037314L', 'checkDigit'],
  ['[GB] a letter the alphabet leaves out (O for 0)', '9111000060OO37341L', 'characters'],
  ['[GB] the old 15-digit tax registration number', '110108600037341', 'length'],
];

describe('a unified social credit code (GB 32100-2015)', () => {
  it('is taken with its check character', () => {
    for (const [source, code, why] of valid) {
      expect(usccProblem(code), `${source} ${code}: ${why}`).toBeNull();
      expect(isUscc(code), `${source} ${code}`).toBe(true);
      expect(usccCheckChar(code.slice(0, 17)), `${source} ${code}`).toBe(code[17]);
    }
  });

  it('is refused, saying why', () => {
    for (const [source, code, problem] of refused) {
      expect(usccProblem(code), `${source} ${code}`).toBe(problem);
      expect(isUscc(code), `${source} ${code}`).toBe(false);
    }
    expect(isUscc(null)).toBe(false);
    expect(isUscc(91110000600037341)).toBe(false);
  });

  it('has the check character worked by hand', () => {
    // [hand] 9 1 1 1 0 0 0 0 6 0 0 0 3 7 3 4 1 × 1 3 9 27 19 26 16 17 20 29 25 13 8 24 10 30 28:
    // 9 + 3 + 9 + 27 + 120 + 24 + 168 + 30 + 120 + 28 = 538; 538 mod 31 = 11; 31 − 11 = 20 → L.
    expect(usccCheckChar('91110000600037341')).toBe('L');
    // [hand] one more on a value: 9·1 + 1·3 + … for 91340600MA2PBP212 makes Σ ≡ 0, so 31 → 0.
    expect(usccCheckChar('91340600MA2PBP212')).toBe('0');
    expect(usccCheckChar('9134060')).toBeNull();
    expect(usccCheckChar('91340600MA2PBP21I')).toBeNull();
  });

  it('is a format of the request schemas, refused with its own words', () => {
    const validate = createAjv({ coerce: false }).compile({
      type: 'object',
      properties: { taxId: { type: 'string', format: 'uscc' } },
    });
    expect(validate({ taxId: '91110000600037341L' })).toBe(true);
    expect(validate({ taxId: '91110000600037341N' })).toBe(false);
    const labels = { taxId: '统一社会信用代码' };
    expect(describeError(validate.errors![0]!, 'zh-CN', labels)).toBe(
      '统一社会信用代码不正确：统一社会信用代码为 18 位数字或大写字母（不含 I、O、S、V、Z），末位校验码须符合 GB 32100-2015',
    );
    expect(describeError(validate.errors![0]!, 'en-US', { taxId: 'Tax id' })).toMatch(
      /^Tax id is wrong: a unified social credit code is 18/,
    );
  });
});

// Display filters of spec section 9: numbers with thousands separators, dates YYYY-MM-DD HH:mm:ss,
// money in Chinese capitals (大写金额) for print, and long texts split into pieces of 60 characters.
// Date-times show on the site's clock (./time.ts, issue 32), whatever the browser's own zone.
import { formatInstant, WALL_FORMAT } from './time.ts';

/** Spec section 9: the length of the pieces a long text is split into. */
export const TEXT_PIECE = 60;

/**
 * A long text cut into pieces of `size` characters (the last one shorter); characters are counted
 * as a reader counts them, so an emoji or a rare character is never cut in half.
 */
export function splitText(text: string, size = TEXT_PIECE): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

/**
 * The separators a language writes numbers with (issue 34): pt-BR 1.234,56; zh and en-US 1,234.56 —
 * what Intl.NumberFormat of the language writes, kept here so every screen and print agrees.
 */
export function numberSeparators(language?: string): { group: string; decimal: string } {
  return language?.startsWith('pt') ? { group: '.', decimal: ',' } : { group: ',', decimal: '.' };
}

/**
 * 1234567.5 or '1234567.50' → '1,234,567.50' (money) / '1,234,567.5' (number); exact on decimal strings:
 * a text is padded to `decimals`, never cut — a typed 1.005 (which the form refuses) shows as 1.005,
 * not as the 1.00 it is not (issue 31). In the reader's `language`'s separators (pt-BR
 * '1.234.567,50'); without one, 1,234,567.50.
 */
export function thousands(value: unknown, decimals?: number, language?: string): string {
  if (value === null || value === undefined || value === '') return '';
  let text =
    typeof value === 'number' ? (decimals !== undefined ? value.toFixed(decimals) : String(value)) : String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return String(value);
  if (decimals !== undefined && typeof value !== 'number') {
    const [i, f = ''] = text.split('.');
    text = f.length > decimals ? text : decimals ? `${i}.${f.padEnd(decimals, '0')}` : i!;
  }
  const negative = text.startsWith('-');
  const [int, frac] = text.replace('-', '').split('.');
  const { group, decimal } = numberSeparators(language);
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `${decimal}${frac}` : ''}`;
}

/**
 * A date or date-time for display: an instant (the server's ISO text, '…Z') as the SITE's wall
 * time; a date ('YYYY-MM-DD') or an offset-less wall time as it is, never shifted; what is no time
 * as it was given.
 */
export function formatDate(value: unknown, pattern = WALL_FORMAT): string {
  return formatInstant(value, pattern);
}

/**
 * The characters of Chinese capital amounts (大写金额). Simplified: those of 中国人民银行《支付结算办法》
 * 附一 "正确填写票据和结算凭证的基本规定" 第一条. Traditional (zh-TW): the forms that rule accepts as
 * 繁体 (貳、陸、億、萬) and those Taiwan's cheques and forms print (參 for 叁, 負 for 负); 元, 拾, 佰, 仟,
 * 角, 分, 零 and 整 are the same in both scripts (元 rather than 圓: the unit is the yuan, as Taiwan
 * writes it too).
 */
const CAPITALS = {
  simplified: { digits: '零壹贰叁肆伍陆柒捌玖', sections: ['', '万', '亿', '万亿'], minus: '负' },
  traditional: { digits: '零壹貳參肆伍陸柒捌玖', sections: ['', '萬', '億', '萬億'], minus: '負' },
} as const;
const UNITS = ['', '拾', '佰', '仟'];

/**
 * Amount in Chinese capital numerals: '1234.56' → '壹仟贰佰叁拾肆元伍角陆分' (traditional:
 * '壹仟貳佰參拾肆元伍角陸分'). Exact on decimal strings. Zeros as the rule's examples write them: one
 * 零 for a run of zeros inside the number, 零 after 元 when the jiao is 0 and the fen is not, 整 after
 * 元 and none after 角 or 分.
 */
export function chineseAmount(value: unknown, script: keyof typeof CAPITALS = 'simplified'): string {
  const { digits: DIGITS, sections: SECTIONS, minus } = CAPITALS[script];
  const text = String(value ?? '').trim();
  if (!/^-?\d{1,16}(\.\d{1,2})?$/.test(text)) return '';
  const negative = text.startsWith('-');
  const [intPart, fracPart = ''] = text.replace('-', '').split('.');
  const int = intPart!.replace(/^0+(?=\d)/, '');
  const jiao = Number((fracPart + '00')[0]);
  const fen = Number((fracPart + '00')[1]);
  let out = '';
  if (int !== '0') {
    const groups: string[] = [];
    for (let end = int.length; end > 0; end -= 4) groups.unshift(int.slice(Math.max(0, end - 4), end));
    let zeroPending = false;
    groups.forEach((group, gi) => {
      const sectionIndex = groups.length - 1 - gi;
      let groupText = '';
      const digits = group.padStart(4, '0');
      for (let i = 0; i < 4; i++) {
        const d = Number(digits[i]);
        if (d === 0) {
          if (groupText || out) zeroPending = true;
        } else {
          if (zeroPending) groupText += '零';
          zeroPending = false;
          groupText += DIGITS[d] + UNITS[3 - i];
        }
      }
      if (groupText) out += groupText + SECTIONS[sectionIndex];
      else if (Number(group) === 0 && sectionIndex > 0) zeroPending = out.length > 0;
    });
    out += '元';
  }
  if (jiao === 0 && fen === 0) return `${negative ? minus : ''}${out || '零元'}整`;
  if (jiao) out += DIGITS[jiao] + '角';
  else if (int !== '0') out += '零';
  if (fen) out += DIGITS[fen] + '分';
  return `${negative ? minus : ''}${out}`;
}

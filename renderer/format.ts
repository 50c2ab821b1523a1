// Display filters of spec section 9: numbers with thousands separators, dates YYYY-MM-DD HH:mm:ss,
// money in Chinese capitals (大写金额) for print, and long texts split into pieces of 60 characters.
import dayjs from 'dayjs';

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
 * 1234567.5 or '1234567.50' → '1,234,567.50' (money) / '1,234,567.5' (number); exact on decimal strings:
 * a text is padded to `decimals`, never cut — a typed 1.005 (which the form refuses) shows as 1.005,
 * not as the 1.00 it is not (issue 31).
 */
export function thousands(value: unknown, decimals?: number): string {
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
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

export function formatDate(value: unknown, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string);
  return d.isValid() ? d.format(pattern) : String(value);
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** Amount in Chinese capital numerals: '1234.56' → '壹仟贰佰叁拾肆元伍角陆分'. Exact on decimal strings. */
export function chineseAmount(value: unknown): string {
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
  if (jiao === 0 && fen === 0) return `${negative ? '负' : ''}${out || '零元'}整`;
  if (jiao) out += (int !== '0' || out ? '' : '') + DIGITS[jiao] + '角';
  else if (int !== '0') out += '零';
  if (fen) out += DIGITS[fen] + '分';
  return `${negative ? '负' : ''}${out}`;
}

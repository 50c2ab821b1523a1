// The amount in words a print shows beside the figure (an `amount` section): Chinese capitals in the
// reader's script — traditional characters for zh-TW, simplified otherwise (the capitals are what a
// Chinese bank reads, whatever the page's language) — and, where the template asks for it
// (`currencyPrefix`, set by the payment documents' templates), the currency's name right before them:
// 中国人民银行《支付结算办法》附一 第三条: "中文大写金额数字前应标明'人民币'字样，大写金额数字应紧接
// '人民币'字样填写，不得留有空白".
import { chineseAmount } from '../format.ts';

/** 人民币, in the reader's script. */
export function currencyName(language: string): string {
  return language === 'zh-TW' ? '人民幣' : '人民币';
}

/** The capitals of an amount in the reader's script ('' for what is no amount). */
export function amountWords(value: unknown, language: string): string {
  return chineseAmount(value, language === 'zh-TW' ? 'traditional' : 'simplified');
}

/** What the print writes: the currency's name (when asked, and only before an amount) and the capitals. */
export function printedAmount(value: unknown, language: string, currencyPrefix = false): { currency: string; words: string } {
  const words = amountWords(value, language);
  return { currency: currencyPrefix && words ? currencyName(language) : '', words };
}

// Every document type prints (issue 34): a claim with a traveller's allowance prints on A4 turned on
// its side (its print file says "orientation": "landscape"), in en-US and pt-BR: no amount breaks
// inside itself or runs past its cell, the headings of its tables keep to their own cells and break
// only between words, and the figures follow the reader's separators (pt-BR 1.234,56).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

type Row = Record<string, any>;
let browser: Browser;
let last: Page | undefined;
let claimId = 0;

beforeAll(async () => {
  browser = await launch();
  // A draft claim of staff's, its line 1,234.56 and a traveller's three weeks in Beijing: the
  // allowances' figures run to thousands, in all thirteen columns.
  const staff = await apiAs('staff');
  const demo = (await staff('GET', '/expense/funds/page?pageSize=1')).records as Row[];
  const { budgetId } = await staff('GET', `/expense/funds/infoById/${demo[0]!.id}`);
  const invoice = (amount: string, no: string) => ({
    invoiceCode: '011002300111',
    invoiceNo: no,
    invoiceDate: '2026-03-02',
    amount,
    sellerTaxId: '91110108MA01ABCD2X',
  });
  const stamp = Date.now().toString().slice(-8);
  const saved = await staff('POST', '/expense/funds/save', {
    title: `e2e 打印 ${stamp}`,
    budgetId,
    payee: '林小雨',
    payeeAccount: '6222 0202 0000 1234 567',
    payeeBank: '中国工商银行示范区支行',
    items: [{ economicClass: '30211', summary: '高铁往返', amount: '1234.56' }],
    invoices: [invoice('1234.56', `1${stamp}`), invoice('9800.00', `2${stamp}`)],
    allowances: [
      { traveller: '林小雨', region: '北京', rank: '3', startDate: '2026-03-01', endDate: '2026-03-21', nights: 20, hotel: '9800.00' },
    ],
  });
  claimId = saved.id;
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && last) await explainFailure(last, `failed-print-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => browser?.close());

/** Each figure cell of the sheet: on how many lines its text lies, and by how much it overflows the cell. */
const figureCells = (p: Page) =>
  p.locator('[data-testid=print-sheet]').evaluate((sheet) =>
    [...sheet.querySelectorAll<HTMLElement>('.print-figure')].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      const text = range.getBoundingClientRect();
      const box = cell.getBoundingClientRect();
      return { text: cell.innerText, lines: lines.size, overflow: Math.max(0, text.right - box.right, box.left - text.left) };
    }),
  );

/** Each table's header cells: their boxes, their text's box, and words broken across lines. */
const headings = (p: Page) =>
  p.locator('[data-testid=print-sheet]').evaluate((sheet) =>
    [...sheet.querySelectorAll('table.print-lines thead tr')].map((tr) =>
      [...tr.querySelectorAll<HTMLElement>('th')].map((th) => {
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = range.getBoundingClientRect();
        const box = th.getBoundingClientRect();
        const broken: string[] = [];
        const node = th.firstChild;
        if (node?.nodeType === Node.TEXT_NODE)
          for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
            const word = document.createRange();
            word.setStart(node, m.index!);
            word.setEnd(node, m.index! + m[0].length);
            if (new Set([...word.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
          }
        return { label: th.innerText, left: box.left, right: box.right, textLeft: text.left, textRight: text.right, broken };
      }),
    ),
  );

describe('the claim print', () => {
  for (const [language, amount, allowance] of [
    ['en-US', '1,234.56', '9,800.00'],
    ['pt-BR', '1.234,56', '9.800,00'],
  ] as const)
    it(`prints landscape in ${language}, figures whole, headings apart`, async () => {
      const { page: p, context } = await newPage(browser, { language });
      last = p;
      try {
        await signIn(p, 'staff', 'Demo@12345');
        await p.waitForURL(/\/home/);
        await p.goto(`${baseUrl()}/print/reimburse/${claimId}`);
        const sheet = p.locator('[data-testid=print-sheet]');
        await p.locator('[data-testid=print-table-allowances] td').first().waitFor();
        // The print file says landscape: the sheet is A4 on its side on screen, and on paper.
        expect(await sheet.getAttribute('data-orientation')).toBe('landscape');
        const box = (await sheet.boundingBox())!;
        expect(box.width, 'the sheet 297mm wide').toBeGreaterThan(1100);
        expect(box.width).toBeLessThan(1130);
        const pdf = (await p.pdf({ preferCSSPageSize: true })).toString('latin1');
        const media = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
        expect(media, 'a page size in the PDF').not.toBeNull();
        expect(Number(media![1]), 'the printed page wider than high').toBeGreaterThan(Number(media![2]));
        // The reader's separators.
        expect(await p.locator('[data-testid=print-table-items]').textContent()).toContain(amount);
        expect(await p.locator('[data-testid=print-table-allowances]').textContent()).toContain(allowance);
        // No figure wraps, none runs past its cell.
        const figures = await figureCells(p);
        expect(figures.length).toBeGreaterThan(10);
        for (const f of figures) {
          expect(f.lines, `${language}: "${f.text}" on one line`).toBe(1);
          expect(f.overflow, `${language}: "${f.text}" inside its cell`).toBeLessThanOrEqual(1);
        }
        // The headings keep to their cells and break only between words.
        for (const row of await headings(p))
          row.forEach((h, k) => {
            expect(h.textLeft, `${language}: ${h.label} inside its cell`).toBeGreaterThanOrEqual(h.left - 1);
            expect(h.textRight, `${language}: ${h.label} inside its cell`).toBeLessThanOrEqual(h.right + 1);
            if (k > 0) expect(h.left, `${language}: ${h.label} after ${row[k - 1]!.label}`).toBeGreaterThanOrEqual(row[k - 1]!.textRight - 1);
            expect(h.broken, `${language}: ${h.label} broken inside a word`).toEqual([]);
          });
        await p.setViewportSize({ width: 1200, height: 1800 });
        await p.locator('[data-testid=print-table-allowances]').scrollIntoViewIfNeeded();
        await shot(p, `print-reimburse-${language}`);
      } finally {
        await context.close();
      }
    });
});

// Beforehand applications as staff file them (issues 14, 15): 林小雨 of 教务处 applies for a trip
// on her department's 差旅费 — already 85 % used in the demo year, so her submission asks her to
// confirm with the indicator's figures first — and sees it go into approval. The list offers
// submit, progress and withdraw without its file naming them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, explainFailure, launch, newPage, offers, rowAction, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let staff: Page;
const stamp = Date.now().toString(36);
const purpose = `赴北京参加教研交流${stamp}`;

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN' });
  context = opened.context;
  staff = opened.page;
  await signIn(staff, 'staff', 'Demo@12345');
  await staff.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await explainFailure(staff, `failed-expense-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const item = (p: Page, label: string) => p.locator('[data-testid=schema-form] .ant-formily-item', { hasText: label });
const row = (p: Page, text: string) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: text });

describe('a beforehand application', () => {
  it('is filed with the fields of its kind, numbered, and submitted after confirming the indicator’s figures', async () => {
    await staff.goto(`${baseUrl()}/expense/beforehandList`);
    await staff.locator('[data-testid=schema-list-BeforehandList]').waitFor();
    await staff.locator('[data-testid=toolbar-add]').click();
    // A general matter asks for no trip; a trip asks who goes where.
    expect(await item(staff, '出差城市').count()).toBe(0);
    await item(staff, '申请类型').locator('.ant-select').click();
    await staff.locator('.ant-select-item-option', { hasText: '差旅' }).click();
    await item(staff, '出差城市').locator('input').fill('北京');
    await item(staff, '出差人员').locator('input').fill('林小雨');
    await item(staff, '事由').locator('input').fill(purpose);
    await item(staff, '预算指标').locator('.ant-select').click();
    await staff.keyboard.type('差旅');
    await staff.locator('.ant-select-item-option', { hasText: '差旅费' }).first().click();
    await item(staff, '预计金额').locator('input').fill('300');
    // Staff may not list meeting records: that picker stays shut, and nothing was refused.
    await expect
      .poll(() => item(staff, '会议记录').locator('.ant-select-selection-placeholder').textContent())
      .toBe('无权查看可选项');
    expect(await staff.locator('.ant-notification-notice').count()).toBe(0);
    await shot(staff, 'expense-beforehand-form');
    await staff.locator('[data-testid=form-ok]').click();
    // No minutes attached: the form asks once whether to go on without (spec section 4, advised).
    const advised = staff.locator('.ant-modal-confirm', { hasText: '会议纪要' });
    await advised.waitFor();
    await advised.locator('.ant-btn-primary').click();
    await expect.poll(() => row(staff, purpose).count()).toBe(1);
    const text = (await row(staff, purpose).textContent()) ?? '';
    expect(text).toMatch(new RegExp(`SQ-${new Date().getFullYear()}-\\d{4}`));
    expect(text).toContain('草稿');
    expect(text).toContain('300.00');

    await rowAction(row(staff, purpose), 'row-request-submit');
    await staff.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    // 差旅费 is 85 % used: the indicator's figures, and a question before anything is held.
    const warning = staff.locator('.ant-modal-confirm', { hasText: '使用率' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('差旅费');
    await expect.poll(async () => (await row(staff, purpose).textContent()) ?? '').toContain('草稿');
    await shot(staff, 'expense-beforehand-confirm');
    await warning.locator('.ant-btn-primary').click();
    await expect.poll(async () => (await row(staff, purpose).textContent()) ?? '').toContain('审批中');
    // The approval actions came with the document.
    expect(await offers(row(staff, purpose), 'row-request-withdraw')).toBe(true);
    expect(await offers(row(staff, purpose), 'row-navigate')).toBe(true);
    expect(await offers(row(staff, purpose), 'row-request-close')).toBe(false);
  });
});

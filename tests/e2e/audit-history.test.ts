// A document's history tab (issue 36): 林小雨 (staff) changed her leave's type and reason, submitted
// it, and opens its approval page on her phone (390 px): the 变更历史 tab shows, newest first, who
// changed what — field, before, after in her words (事假 → 病假).
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
  const opened = await newPage(browser, { language: 'zh-CN', width: 390, height: 844 });
  context = opened.context;
  page = opened.page;
  await signIn(page, 'staff', 'Demo@12345');
  await page.waitForURL(/\/home/);
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await explainFailure(page, 'failed-audit-history');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

it('shows the applicant what changed, field by field, in the document’s history tab', async () => {
  const staff = await apiAs('staff');
  const saved = await staff('POST', '/leave/apply/save', {
    leaveType: 'personal',
    startDate: '2026-05-11',
    endDate: '2026-05-12',
    reason: `探亲${stamp}`,
  });
  await staff('POST', '/leave/apply/update', { id: saved.id, version: saved.version, leaveType: 'sick', reason: `看病${stamp}` });
  await staff('POST', `/leave/apply/submit?id=${saved.id}`, {});

  await page.goto(`${baseUrl()}/approval/leaveApply/${saved.id}`);
  await page.locator('[data-testid=approval-page]').waitFor();
  await page.locator('[data-testid=approval-trail-tab]').click();
  const entries = page.locator('[data-testid=trail-entry]');
  await expect.poll(() => entries.count()).toBeGreaterThanOrEqual(3);
  // Newest first: the submission, then the change, then the creation.
  const change = entries.filter({ hasText: '修改' }).filter({ hasText: `看病${stamp}` }).first();
  await expect.poll(() => change.textContent()).toContain('事假');
  const text = (await change.textContent()) ?? '';
  expect(text).toContain('请假类型');
  expect(text).toContain('病假');
  expect(text).toContain(`探亲${stamp}`);
  expect(text).toContain('林小雨');
  expect(text).toContain('教务处');
  expect(text).not.toMatch(/leave_type|version/);
  expect(await entries.first().textContent()).toContain('提交');
  // At 390 px nothing runs off the screen sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  await change.scrollIntoViewIfNeeded();
  await shot(page, 'audit-history-phone');
});

// Every request and approval on a phone (issue 34): the messaging app's browser at 390×844. The request
// forms of every document type that goes through approval (read from the schemas) and their approval
// pages where a demo document waits, and the asset card page a QR label opens,
// fit the screen: no sideways scrolling of the page, labels above their controls, an opened picker
// inside the screen, the approve button in reach without scrolling; lists are cards. On a desktop,
// English labels of a horizontal form wrap between words, never inside one.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, shot, signIn } from '../support/browser.ts';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const WIDTH = 390;
const HEIGHT = 844;
type Row = Record<string, any>;

/**
 * Every document that goes through approval (an entity with a `process`), read from the schema
 * files as the server reads them: its form, and the list and menu entry its requests are made from.
 */
interface Approvable {
  entity: string;
  permission: string;
  path: string;
  component: string;
}
function approvables(): Approvable[] {
  const root = path.resolve(import.meta.dirname, '../../schemas');
  const files = fs
    .readdirSync(root)
    .filter((area) => !area.startsWith('_') && fs.statSync(path.join(root, area)).isDirectory())
    .flatMap((area) => fs.readdirSync(path.join(root, area)).map((f) => path.join(root, area, f)));
  const json = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8'));
  const menus: Row[] = [];
  const walk = (nodes: Row[] = []) => nodes.forEach((m) => (menus.push(m), walk(m.children)));
  for (const f of files.filter((f) => f.endsWith('/menu.json'))) walk(json(f).menus);
  const lists = files.filter((f) => f.endsWith('.list.json')).map(json);
  return files
    .filter((f) => f.endsWith('.entity.json') && fs.existsSync(f.replace(/\.entity\.json$/, '.form.json')))
    .map((f) => ({ f, e: json(f) }))
    .filter(({ e }) => e.process !== undefined)
    .flatMap(({ f, e }) => {
      const entity = path.basename(f, '.entity.json');
      const list = lists.find(
        (l) =>
          l.entity === entity &&
          (l.toolbar ?? []).some((a: Row) => a.action === 'add') &&
          menus.some((m) => m.component === l.component && (!m.sites || m.sites.includes('demo'))),
      );
      // The demo site's menu entry (an entry of another site's only, as the hospital's medical purchases, is not on it).
      const onDemo = (m: Row) => !m.sites || m.sites.includes('demo');
      const menu = list && menus.find((m) => m.component === list.component && onDemo(m));
      return menu ? [{ entity, permission: String(e.permission), path: String(menu.path), component: String(list.component) }] : [];
    })
    .sort((a, b) => a.entity.localeCompare(b.entity));
}
const APPROVABLE = approvables();
/** Demo users, the least privileged first: who adds a document is the first whose buttons allow it. */
const USERS = ['staff', 'teacher', 'head', 'buyer', 'assets', 'finance', 'cashier', 'dispatcher', 'sealkeeper', 'secretary', 'principal', 'auditor', 'deputy', 'admin'];
const password = (who: string) => (who === 'admin' ? 'Admin@12345' : 'Demo@12345');
const buttonsOf = new Map<string, Promise<string[] | null>>();
/** The user's button keys (null: every button, user 1). */
function buttons(who: string): Promise<string[] | null> {
  if (!buttonsOf.has(who))
    buttonsOf.set(
      who,
      apiAs(who, password(who)).then(async (call) => {
        const info = (await call('GET', '/core/user/info')) as Row;
        return info.id === 1 || !info.buttons?.length ? null : (info.buttons as string[]);
      }),
    );
  return buttonsOf.get(who)!;
}
async function whoMayAdd(permission: string): Promise<string> {
  for (const who of USERS) {
    const keys = await buttons(who);
    if (!keys || keys.includes(`${permission}:add`)) return who;
  }
  throw new Error(`nobody may add ${permission}`);
}

let browser: Browser;
const pages = new Map<string, Page>();
let last: Page | undefined;

beforeAll(async () => {
  browser = await launch();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && last)
    await explainFailure(last, `failed-phone-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
});
afterAll(async () => browser?.close());

/** A phone signed in as the user (one per user, kept for the file's tests). */
async function phoneOf(loginName: string): Promise<Page> {
  let page = pages.get(loginName);
  if (!page) {
    ({ page } = await newPage(browser, { language: 'zh-CN', userAgent: WECHAT, width: WIDTH, height: HEIGHT }));
    await signIn(page, loginName, loginName === 'admin' ? 'Admin@12345' : 'Demo@12345');
    await page.waitForURL(/\/home/);
    pages.set(loginName, page);
  }
  last = page;
  return page;
}

const scrollWidth = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth);

/** Every labelled field of the form: its label's box and its control's box. */
const fieldBoxes = (form: Locator) =>
  form.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.ant-formily-item')]
      .filter((item) => item.offsetParent !== null && !item.closest('.ant-table'))
      .map((item) => {
        const label = item.querySelector<HTMLElement>(':scope > .ant-formily-item-label');
        const control = item.querySelector<HTMLElement>(':scope > .ant-formily-item-control');
        if (!label?.innerText.trim() || !control) return null;
        const l = label.getBoundingClientRect();
        const c = control.getBoundingClientRect();
        return { label: label.innerText.trim(), labelBottom: l.bottom, labelLeft: l.left, controlTop: c.top, controlLeft: c.left, right: c.right };
      })
      .filter((b): b is NonNullable<typeof b> => b !== null),
  );

/** The form is one column with each label above its control, and nothing reaches past the screen. */
async function expectPhoneForm(p: Page, name: string) {
  const form = p.locator('[data-testid=schema-form]').first();
  await form.locator('.ant-formily-item').first().waitFor();
  await expect.poll(() => scrollWidth(p)).toBeLessThanOrEqual(WIDTH);
  const boxes = await fieldBoxes(form);
  expect(boxes.length, `${name}: labelled fields`).toBeGreaterThan(2);
  const left = boxes[0]!.labelLeft;
  for (const b of boxes) {
    expect(b.labelBottom, `${name}: ${b.label} above its control`).toBeLessThanOrEqual(b.controlTop + 1);
    expect(Math.abs(b.labelLeft - left), `${name}: ${b.label} in the one column`).toBeLessThan(2);
    expect(b.right, `${name}: ${b.label} inside the screen`).toBeLessThanOrEqual(WIDTH);
  }
  await shot(p, `phone-form-${name}`);
}

/** Opens the form's first date picker (or select) and checks its dropdown lies inside the screen. */
async function expectPickerInside(p: Page, name: string, selector = '.ant-picker') {
  const form = p.locator('[data-testid=schema-form]').first();
  const control = form.locator(`.ant-formily-item ${selector}`).first();
  await control.scrollIntoViewIfNeeded();
  await control.click();
  const dropdown = p.locator(selector === '.ant-picker' ? '.ant-picker-dropdown:visible' : '.ant-select-dropdown:visible').first();
  await dropdown.waitFor();
  await p.waitForTimeout(300);
  const box = (await dropdown.boundingBox())!;
  await shot(p, `phone-picker-${name}`);
  expect(box.x, `${name}: picker's left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: picker's right edge`).toBeLessThanOrEqual(WIDTH);
  expect(box.y, `${name}: picker's top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name}: picker's bottom`).toBeLessThanOrEqual(HEIGHT);
  // Every column of the choices is seen: nothing is cut at the right edge of the list.
  expect(await dropdown.evaluate((el) => el.scrollWidth - el.clientWidth), `${name}: no column cut off`).toBeLessThanOrEqual(1);
  // Closed by a tap beside it (Escape would close the dialog as well).
  await p.locator('.ant-modal:visible .ant-modal-title, .schema-form-page .ant-card-head-title').first().click();
  await dropdown.waitFor({ state: 'hidden' });
}

/** A list page as cards, then its add dialog. */
async function openAddDialog(p: Page, path: string, component: string) {
  await p.goto(`${baseUrl()}${path}`);
  await p.locator(`[data-testid=schema-list-${component}]`).waitFor();
  // Rows as cards (the user may have none yet: the cards' box then says so).
  await p.locator('[data-testid=phone-cards]').waitFor();
  expect(await p.locator('.schema-list .ant-table').count(), `${component}: no table`).toBe(0);
  await expect.poll(() => scrollWidth(p)).toBeLessThanOrEqual(WIDTH);
  await shot(p, `phone-list-${component}`);
  await p.locator('[data-testid=toolbar-add]').click();
  await p.locator('.ant-modal:visible [data-testid=schema-form]').waitFor();
  // The dialog takes the screen's width.
  const dialog = (await p.locator('.ant-modal:visible .ant-modal-content').boundingBox())!;
  expect(dialog.x).toBeGreaterThanOrEqual(0);
  expect(dialog.width).toBeGreaterThanOrEqual(WIDTH - 2);
}

describe('on a phone (390×844, the messaging app)', () => {
  it('asks for a car: cards, a one-column form, its date-time picker inside the screen', async () => {
    const p = await phoneOf('staff');
    await openAddDialog(p, '/car/apply', 'CarApply');
    const cards = p.locator('[data-testid=phone-card]');
    await expect.poll(() => cards.count(), { message: 'her car requests as cards' }).toBeGreaterThan(0);
    await expect(cards.first().locator('[data-testid=phone-card-actions] a').count()).resolves.toBeGreaterThan(0);
    await expectPhoneForm(p, 'carApply');
    await expectPickerInside(p, 'carApply');
  });

  it('applies for leave, a purchase and consumables in one column', async () => {
    const p = await phoneOf('staff');
    await openAddDialog(p, '/leave/apply', 'LeaveApply');
    await expectPhoneForm(p, 'leaveApply');
    await expectPickerInside(p, 'leaveApply');
    await expectPickerInside(p, 'leaveApply-select', '.ant-select');
    const buyer = await phoneOf('buyer');
    await openAddDialog(buyer, '/purchase/apply', 'PurchaseApply');
    await expectPhoneForm(buyer, 'purchaseApply');
    await openAddDialog(p, '/consumable/apply', 'ConsumableApply');
    await expectPhoneForm(p, 'consumableApply');
    await expectPickerInside(p, 'consumableApply');
  });

  it('fills in a reimbursement on its own page, its sub-tables scrolling inside their box', async () => {
    const p = await phoneOf('staff');
    await p.goto(`${baseUrl()}/expense/fundsForm`);
    await p.locator('[data-testid=schema-form-page-FundsForm]').waitFor();
    await expectPhoneForm(p, 'reimburse');
    // Every sub-table is no wider than the screen; what it holds beyond scrolls inside it.
    const tables = await p
      .locator('[data-testid=schema-form] .ant-table-wrapper')
      .evaluateAll((all) => all.filter((t) => (t as HTMLElement).offsetParent).map((t) => t.getBoundingClientRect().right));
    for (const right of tables) expect(right).toBeLessThanOrEqual(WIDTH);
    await expect(p.locator('[data-testid=form-ok]').isVisible()).resolves.toBe(true);
  });

  it("opens an asset card from its label's code as a clean phone page", async () => {
    const cards = (await (await apiAs('assets'))('GET', '/asset/card/page?pageSize=1')).records as Row[];
    const p = await phoneOf('assets');
    await p.goto(`${baseUrl()}/asset/cardDetail?code=${encodeURIComponent(cards[0]!.assetNo)}`);
    await expect.poll(() => p.locator('[data-testid=detail-title]').textContent()).toBe(cards[0]!.assetNo);
    await p.locator('[data-testid=schema-detail-AssetCardDetail] .ant-formily-item').first().waitFor();
    await expect.poll(() => scrollWidth(p)).toBeLessThanOrEqual(WIDTH);
    // The heading and its buttons do not overlap: the buttons come below the title.
    const title = (await p.locator('[data-testid=detail-title]').boundingBox())!;
    const back = (await p.locator('[data-testid=detail-back]').boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(0);
    expect(back.y).toBeGreaterThanOrEqual(title.y + title.height);
    expect(back.x + back.width).toBeLessThanOrEqual(WIDTH);
    const boxes = await fieldBoxes(p.locator('[data-testid=schema-detail-AssetCardDetail]'));
    for (const b of boxes) expect(b.labelBottom, b.label).toBeLessThanOrEqual(b.controlTop + 1);
    await shot(p, 'phone-asset-card');
    await p.locator('.ant-tabs-tab', { hasText: '资产标签' }).click();
    const qr = p.locator('[data-testid=detail-qr]');
    await qr.locator('svg').waitFor();
    const code = (await qr.boundingBox())!;
    expect(code.x + code.width).toBeLessThanOrEqual(WIDTH);
    await expect.poll(() => scrollWidth(p)).toBeLessThanOrEqual(WIDTH);
    await shot(p, 'phone-asset-label');
  });
});

// Generated from the schemas (issue 34): every document that goes through approval, its request
// form as a user who may make one opens it, and its approval page, a demo document of each waiting.
describe('every approvable document on a phone: its request form', () => {
  it('finds the approvable documents in the schemas', () => {
    expect(APPROVABLE.length, APPROVABLE.map((a) => a.entity).join(' ')).toBeGreaterThan(10);
  });
  for (const a of APPROVABLE)
    it(`${a.entity}: the add form in one column`, async () => {
      const p = await phoneOf(await whoMayAdd(a.permission));
      await p.goto(`${baseUrl()}${a.path}`);
      await p.locator(`[data-testid=schema-list-${a.component}]`).waitFor();
      await p.locator('[data-testid=toolbar-add]').click();
      // A dialog (the screen's width) or a page of its own (a claim).
      await p.locator('[data-testid=schema-form] .ant-formily-item').first().waitFor();
      const dialog = p.locator('.ant-modal:visible .ant-modal-content');
      if (await dialog.count()) {
        const box = (await dialog.first().boundingBox())!;
        expect(box.x, `${a.entity}: dialog's left edge`).toBeGreaterThanOrEqual(0);
        expect(box.width, `${a.entity}: dialog's width`).toBeGreaterThanOrEqual(WIDTH - 2);
      }
      await expectPhoneForm(p, a.entity);
      // The user who may add it may fill it in: no picker refused for want of a permission.
      expect(await p.locator('.ant-notification-notice-error:visible').allTextContents(), `${a.entity}: refusals`).toEqual([]);
    });
});

describe('every approvable document on a phone: its approval page', () => {
  /** Whoever holds an open task on a document of each entity, and the document's id. */
  const pending = new Map<string, { who: string; id: number }>();
  beforeAll(async () => {
    // A leave of this run, submitted by staff, waits for the department head.
    const staff = await apiAs('staff');
    const leave = await staff('POST', '/leave/apply/save', {
      leaveType: 'annual',
      startDate: '2026-04-06',
      endDate: '2026-04-07',
      days: 2,
      reason: `e2e 手机审批 ${Date.now().toString(36)}`,
    });
    await staff('POST', '/leave/apply/submit', { id: leave.id });
    for (const who of USERS) {
      const call = await apiAs(who, password(who));
      const tasks = (await call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Row[];
      for (const t of tasks) if (!pending.has(t.entity)) pending.set(t.entity, { who, id: Number(t.businessKey) });
    }
  });
  it('has demo documents waiting for the five kinds issue 34 names', () => {
    for (const entity of ['reimburse', 'leaveApply', 'carApply', 'purchaseApply', 'consumableApply'])
      expect(pending.has(entity), `${entity} pending: ${[...pending.keys()].join(' ')}`).toBe(true);
  });
  for (const a of APPROVABLE)
    it(`${a.entity}: the approve button in reach`, async () => {
      // The demo seed leaves a document of every approvable kind waiting (issue 34): none is a failure.
      const task = pending.get(a.entity);
      expect(task, `no demo ${a.entity} waits for approval: ${[...pending.keys()].join(' ')}`).toBeTruthy();
      const { who, id } = task!;
      const entity = a.entity;
      const p = await phoneOf(who);
      await p.goto(`${baseUrl()}/approval/${entity}/${id}`);
      await p.locator('[data-testid=approval-form] .ant-formily-item').first().waitFor();
      const approve = p.locator('[data-testid=approval-approve]').first();
      await approve.waitFor();
      await expect.poll(() => p.evaluate(() => window.scrollY), { message: entity }).toBe(0);
      const box = (await approve.boundingBox())!;
      expect(box.y, `${entity}: approve on screen`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${entity}: approve without scrolling`).toBeLessThanOrEqual(HEIGHT);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
      await expect.poll(() => scrollWidth(p), { message: entity }).toBeLessThanOrEqual(WIDTH);
      // The document's labels sit above their values.
      const boxes = await fieldBoxes(p.locator('[data-testid=approval-form]'));
      for (const b of boxes) expect(b.labelBottom, `${entity}: ${b.label}`).toBeLessThanOrEqual(b.controlTop + 1);
      await shot(p, `phone-approval-${entity}`);
      // Scrolled to the end, the bar still holds the button.
      await p.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      const after = (await approve.boundingBox())!;
      expect(after.y + after.height).toBeLessThanOrEqual(HEIGHT);
    });
});

describe('on a desktop', () => {
  it('wraps English and Portuguese labels between words, never inside one', async () => {
    for (const language of ['en-US', 'pt-BR']) {
      const { page: p, context } = await newPage(browser, { language });
      last = p;
      await signIn(p, 'staff', 'Demo@12345');
      await p.waitForURL(/\/home/);
      for (const [path, component] of [
        ['/car/apply', 'CarApply'],
        ['/leave/apply', 'LeaveApply'],
      ] as const) {
        await p.goto(`${baseUrl()}${path}`);
        await p.locator(`[data-testid=schema-list-${component}]`).waitFor();
        await p.locator('[data-testid=toolbar-add]').click();
        const form = p.locator('.ant-modal:visible [data-testid=schema-form]');
        await form.locator('.ant-formily-item').first().waitFor();
        // A word broken across lines has two boxes.
        const broken = await form.evaluate((root) =>
          [...root.querySelectorAll('.ant-formily-item-label label')].flatMap((label) => {
            const text = label.firstChild;
            if (!text || text.nodeType !== Node.TEXT_NODE) return [];
            const words: string[] = [];
            for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(text, m.index!);
              range.setEnd(text, m.index! + m[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) words.push(m[0]);
            }
            return words;
          }),
        );
        await shot(p, `desktop-labels-${language}-${component}`);
        expect(broken, `${language} ${component}: words broken inside`).toEqual([]);
        // The label beside its control: a horizontal form still.
        const boxes = await fieldBoxes(form);
        expect(boxes.some((b) => b.controlLeft > b.labelLeft + 40 && b.controlTop < b.labelBottom)).toBe(true);
        await p.locator('.ant-modal:visible .ant-modal-close').click();
      }
      await context.close();
    }
    // Two sign-ins and four dialogs: more than the default minute on a busy machine.
  }, 150_000);
});

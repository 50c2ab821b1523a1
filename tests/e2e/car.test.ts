// An official car as the school uses one (issue 18): a member of staff (林小雨) asks for a car, the
// department head and the dispatcher approve it, the dispatcher (孙强) arranges a car and a driver
// on the dispatch page, takes it back with its trip sheet — the car's mileage follows the odometer
// — and files the trip's fuel on the official-car indicator, which freezes it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiAs, baseUrl, explainFailure, launch, newPage, rowAction, shot, signIn } from '../support/browser.ts';

type Row = Record<string, any>;
let browser: Browser;
const pages: Page[] = [];
const stamp = Date.now().toString(36);
const destination = `区教育局 ${stamp}`;
const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
const trip = dayFromNow(40);

beforeAll(async () => {
  browser = await launch();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    for (const [i, p] of pages.entries())
      await explainFailure(p, `failed-car-${i}-${ctx.task.name.slice(0, 24).replace(/\W+/g, '-')}`);
});
afterAll(async () => browser?.close());

async function as(loginName: string): Promise<Page> {
  const { page } = await newPage(browser, { language: 'zh-CN' });
  pages.push(page);
  await signIn(page, loginName, 'Demo@12345');
  await page.waitForURL(/\/home/);
  return page;
}
const item = (p: Page, label: string) => p.locator('.ant-modal:visible .ant-formily-item', { hasText: label });
const row = (p: Page, text: string) => p.locator('.schema-list .ant-table-tbody tr.ant-table-row', { hasText: text });
const typeDate = async (p: Page, label: string, value: string) => {
  await item(p, label).locator('input').first().click();
  await p.keyboard.type(value);
  await p.keyboard.press('Enter');
};
const pick = async (p: Page, label: string, typed: string, option: string) => {
  await item(p, label).locator('.ant-select').click();
  if (typed) await p.keyboard.type(typed);
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
};
async function approveAll(entity: string, id: number) {
  for (let step = 0; step < 6; step++) {
    let decided = false;
    for (const who of ['head', 'dispatcher', 'assets', 'finance', 'principal']) {
      const call = await apiAs(who);
      const tasks = (await call('GET', '/workflow/task/page?scope=todo&pageSize=100')).records as Row[];
      const task = tasks.find((t) => t.entity === entity && Number(t.businessKey) === id);
      if (!task) continue;
      await call('POST', '/workflow/task/approve', { taskId: task.id, comment: '同意' });
      decided = true;
      break;
    }
    if (!decided) return;
  }
}

describe('an official car', () => {
  let car: Row = {};
  let request: Row = {};
  let dispatcher: Page;
  it('is booked by staff and approved', async () => {
    // A car and a driver of this run, free on the day.
    const office = await apiAs('dispatcher');
    const driver = await office('POST', '/car/driver/save', {
      driverName: `e2e司机${stamp}`,
      licenceClass: 'B1',
      licenceExpiry: dayFromNow(500),
    });
    car = await office('POST', '/car/info/save', {
      plateNo: `E2E${stamp}`.slice(0, 12),
      carKind: '2',
      brand: '别克',
      model: 'GL8',
      seats: 7,
      driverId: driver.id,
      insuranceDue: dayFromNow(300),
      inspectionDue: dayFromNow(300),
      mileage: 30_000,
    });

    // Staff ask for it.
    const staff = await as('staff');
    await staff.goto(`${baseUrl()}/car/apply`);
    await staff.locator('[data-testid=schema-list-CarApply]').waitFor();
    await staff.locator('[data-testid=toolbar-add]').click();
    await typeDate(staff, '开始时间', `${trip} 09:00:00`);
    await typeDate(staff, '结束时间', `${trip} 12:00:00`);
    await item(staff, '目的地').locator('input').fill(destination);
    await item(staff, '乘车人员').locator('input').fill('林小雨、刘明');
    await item(staff, '用车事由').locator('textarea').fill('参加全区教学工作会议');
    await shot(staff, 'car-apply-form');
    await staff.locator('[data-testid=form-ok]').click();
    await expect.poll(() => row(staff, destination).count()).toBe(1);
    await rowAction(row(staff, destination), 'row-request-submit');
    await staff.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(async () => (await row(staff, destination).textContent()) ?? '').toContain('审批中');
    request = (
      (await (await apiAs('staff'))('GET', `/car/apply/page?destination=${encodeURIComponent(stamp)}`)).records as Row[]
    )[0]!;
    await approveAll('carApply', Number(request.id));
    expect((await office('GET', `/car/apply/infoById/${request.id}`)).approvalStatus).toBe('2');
  });

  it('is arranged by the dispatcher, and shows on the car’s week', async () => {
    // The dispatcher arranges it from the dispatch page.
    dispatcher = await as('dispatcher');
    await dispatcher.goto(`${baseUrl()}/car/arrange`);
    await dispatcher.locator('[data-testid=schema-list-CarArrange]').waitFor();
    await dispatcher.locator('[data-testid=list-tab-toArrange]').click();
    await rowAction(row(dispatcher, destination), 'row-edit-arrange');
    await pick(dispatcher, '车辆', car.plateNo, car.plateNo);
    await pick(dispatcher, '驾驶员', `e2e司机`, `e2e司机${stamp}`);
    await shot(dispatcher, 'car-arrange');
    await dispatcher.locator('[data-testid=form-ok]').click();
    await expect.poll(() => dispatcher.locator('[data-testid=schema-form]').count()).toBe(0);
    await dispatcher.locator('[data-testid=list-tab-arranged]').click();
    // The previous tab's rows (the trip still to arrange among them) stay until the new ones come.
    await expect.poll(async () => (await row(dispatcher, destination).textContent()) ?? '').toContain(car.plateNo);
    expect(await row(dispatcher, destination).count()).toBe(1);

    // The car's week shows the trip.
    await dispatcher.goto(`${baseUrl()}/car/calendar`);
    await dispatcher.locator('[data-testid=calendar-resource]').click();
    await dispatcher.keyboard.type(car.plateNo);
    await dispatcher.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: car.plateNo }).click();
    const monday = (d: string) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000;
    };
    const weeks = Math.round((monday(trip) - monday(dayFromNow(0))) / (7 * 86_400_000));
    for (let i = 0; i < weeks; i++) await dispatcher.locator('[data-testid=calendar-next]').click();
    await dispatcher.locator('[data-testid=calendar-block]', { hasText: destination }).waitFor();
    await shot(dispatcher, 'car-calendar');
  });

  it('comes back with its trip sheet, and the car’s mileage follows', async () => {
    const office = await apiAs('dispatcher');
    await dispatcher.goto(`${baseUrl()}/car/arrange`);
    await dispatcher.locator('[data-testid=list-tab-arranged]').click();
    await expect.poll(() => row(dispatcher, destination).count()).toBe(1);
    await rowAction(row(dispatcher, destination), 'row-edit-return');
    await typeDate(dispatcher, '实际还车时间', `${trip} 12:30:00`);
    await item(dispatcher, '出车里程表读数').locator('input').fill('30000');
    await item(dispatcher, '还车里程表读数').locator('input').fill('30086');
    await item(dispatcher, '油费').locator('input').fill('260');
    await item(dispatcher, '过路费').locator('input').fill('30');
    await dispatcher.locator('[data-testid=form-ok]').click();
    await dispatcher.locator('[data-testid=list-tab-returned]').click();
    // The tab's rows replace the last tab's when they come (the same trip is on both until then).
    await expect.poll(async () => (await row(dispatcher, destination).allTextContents()).join('|')).toContain('86');
    await expect.poll(() => row(dispatcher, destination).count()).toBe(1);
    expect((await office('GET', `/car/info/infoById/${car.id}`)).mileage).toBe(30_086);
  });

  it('has its fuel filed on the official-car indicator, and prints with its trip sheet', async () => {
    const office = await apiAs('dispatcher');
    // The trip's fuel, on the official-car indicator: frozen once submitted.
    await dispatcher.goto(`${baseUrl()}/car/funds`);
    await dispatcher.locator('[data-testid=schema-list-CarFunds]').waitFor();
    await dispatcher.locator('[data-testid=toolbar-add]').click();
    await pick(dispatcher, '车辆', car.plateNo, car.plateNo);
    await item(dispatcher, '金额').locator('input').fill('260');
    await typeDate(dispatcher, '发生日期', dayFromNow(0));
    await pick(dispatcher, '关联出车', request.applyNo, request.applyNo);
    await pick(dispatcher, '预算指标', '', '公务用车运行维护费');
    await item(dispatcher, '说明').locator('input').fill(`出车加油 ${stamp}`);
    await shot(dispatcher, 'car-funds-form');
    await dispatcher.locator('[data-testid=form-ok]').click();
    await expect.poll(() => row(dispatcher, request.applyNo).count()).toBe(1);
    const funds = ((await office('GET', `/car/funds/page?tripId=${request.id}`)).records as Row[])[0]!;
    const finance = await apiAs('finance');
    const before = await finance('GET', `/neikong/budget/infoById/${funds.budgetId}`);
    await rowAction(row(dispatcher, request.applyNo), 'row-request-submit');
    await dispatcher.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await expect.poll(async () => (await row(dispatcher, request.applyNo).textContent()) ?? '').toContain('审批中');
    const after = await finance('GET', `/neikong/budget/infoById/${funds.budgetId}`);
    expect(Number(after.frozenAmount) - Number(before.frozenAmount)).toBe(260);

    // The printed request carries its trip sheet.
    await dispatcher.goto(`${baseUrl()}/print/carApply/${request.id}`);
    await expect.poll(async () => (await dispatcher.locator('body').textContent()) ?? '').toContain('行车单');
    expect(await dispatcher.locator('body').textContent()).toContain(car.plateNo);
    await shot(dispatcher, 'car-trip-sheet');
  });
});

// Official cars (issue 18): cars and drivers, requests approved by the department head and the
// dispatcher, arranged (a car or a driver already out at an overlapping time refused, also when ten
// dispatchers arrange at once), seen off and back (the car's mileage follows the odometer), and
// the cars' expenses on the official-car indicator (class 30231): frozen on submit, spent on approval,
// given back when turned down; another class refused. State actions only in order; one site never
// reaches the other's cars; bad input answered with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Reply, type RequestOptions, type TestServer } from '../support/server.ts';
import { ok, refused } from '../support/answers.ts';

type Row = Record<string, any>;

let server: TestServer;
const tokens: Record<string, string> = {};
const dept: Record<string, number> = {};
let plate = 0;
let budget30231 = 0;
let budget30211 = 0;

beforeAll(async () => {
  server = await startServer();
  tokens.admin = await server.login('admin', 'Admin@12345');
  for (const name of ['dispatcher', 'staff', 'head', 'principal', 'finance', 'assets', 'deputy'])
    tokens[name] = await server.login(name, 'Demo@12345');
  for (const name of ['citydispatcher', 'citystaff']) tokens[name] = await server.login(name, 'City@12345', 'city');
  for (const d of ok(await server.get('/api/core/dept/list', as('admin'))) as Row[]) dept[d.deptName] = Number(d.id);
  const indicator = async (limitCode: string, economicClass: string) =>
    Number(
      ok(
        await server.post(
          '/api/neikong/budget/save',
          {
            limitCode,
            budgetName: `车辆测试${limitCode}`,
            deptId: dept['总务处'],
            expenseType: '2',
            economicClass,
            fundSource: '1',
            originalAmount: '10000.00',
          },
          as('admin'),
        ),
      ).id,
    );
  budget30231 = await indicator('T-CAR-1', '30231');
  budget30211 = await indicator('T-CAR-2', '30211');
});
afterAll(async () => server?.close());

const as = (who: string, lang = 'zh-CN'): RequestOptions => ({
  token: tokens[who],
  site: who.startsWith('city') ? 'city' : 'demo',
  lang,
});
const DAY = 86_400_000;
const dayFromNow = (n: number) => new Date(server.clock.now() + n * DAY + 8 * 3_600_000).toISOString().slice(0, 10);
const at = (n: number, hour: number, minute = 0) =>
  `${dayFromNow(n)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+08:00`;

async function approveAll(entity: string, id: number) {
  for (let step = 0; step < 6; step++) {
    let decided = false;
    for (const who of ['head', 'dispatcher', 'assets', 'finance', 'deputy', 'principal', 'admin']) {
      const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as(who))).records as Row[];
      const task = tasks.find((t) => t.entity === entity && Number(t.businessKey) === id);
      if (!task) continue;
      ok(await server.post('/api/workflow/task/approve', { taskId: task.id, comment: '同意' }, as(who)));
      decided = true;
      break;
    }
    if (!decided) return;
  }
}

async function newDriver(who = 'dispatcher'): Promise<number> {
  return Number(
    ok(
      await server.post(
        '/api/car/driver/save',
        { driverName: `测试司机${++plate}`, phone: '13800001111', licenceClass: 'B1', licenceExpiry: dayFromNow(400) },
        as(who),
      ),
    ).id,
  );
}
async function newCar(extra: Row = {}, who = 'dispatcher'): Promise<Row> {
  return ok(
    await server.post(
      '/api/car/info/save',
      {
        plateNo: `测A${String(++plate).padStart(5, '0')}`,
        carKind: '1',
        brand: '红旗',
        model: 'H5',
        seats: 5,
        insuranceDue: dayFromNow(200),
        inspectionDue: dayFromNow(200),
        mileage: 10000,
        ...extra,
      },
      as(who),
    ),
  );
}
const carOf = async (id: number) => ok(await server.get(`/api/car/info/infoById/${id}`, as('dispatcher')));
const tripOf = async (id: number) => ok(await server.get(`/api/car/apply/infoById/${id}`, as('dispatcher')));

/** A request by staff, approved by the head and the dispatcher (unless `approve` is false). */
async function approvedRequest(from: string, to: string, approve = true): Promise<Row> {
  const saved = ok(
    await server.post(
      '/api/car/apply/save',
      {
        startTime: from,
        endTime: to,
        destination: '区教育局',
        purpose: '参加会议',
        passengerCount: 2,
        passengers: '林小雨、刘明',
      },
      as('staff'),
    ),
  );
  ok(await server.post(`/api/car/apply/submit?id=${saved.id}`, {}, as('staff')));
  if (approve) await approveAll('carApply', Number(saved.id));
  return tripOf(Number(saved.id));
}
const arrange = (id: number, carId: number, driverId: number, who = 'dispatcher') =>
  server.post(`/api/car/apply/arrange?id=${id}`, { carId, driverId }, as(who));

describe('cars and drivers', () => {
  it('keeps a plate once per site, and the other site may have the same plate', async () => {
    const car = await newCar();
    refused(await server.post('/api/car/info/save', { ...car, id: undefined, version: undefined }, as('dispatcher')));
    const city = ok(
      await server.post(
        '/api/car/info/save',
        {
          plateNo: car.plateNo,
          carKind: '4',
          brand: '福特',
          model: '全顺',
          seats: 6,
          insuranceDue: dayFromNow(100),
          inspectionDue: dayFromNow(100),
        },
        as('citydispatcher'),
      ),
    );
    expect(city.plateNo).toBe(car.plateNo);
  });

  it('flags a car whose insurance or inspection is due within 30 days, and tells the dispatchers each morning', async () => {
    const due = await newCar({ insuranceDue: dayFromNow(12) });
    const fine = await newCar({ inspectionDue: dayFromNow(45) });
    expect((await carOf(due.id)).dueFlag).toBe('1');
    expect((await carOf(fine.id)).dueFlag).toBe('0');
    const listed = ok(
      await server.get(`/api/car/info/page?plateNo=${encodeURIComponent(due.plateNo)}`, as('dispatcher')),
    ).records;
    expect(listed[0].dueFlag).toBe('1');
    ok(await server.post('/api/monitor/job/run/carDueNotices', {}, as('admin')));
    const inbox = ok(await server.get('/api/core/noticeUserRel/page?pageSize=50', as('dispatcher'))).records as Row[];
    const notice = inbox.find((n) => String(n.title).startsWith('车辆提醒'));
    expect(notice?.content).toContain(`${due.plateNo} 保险${dayFromNow(12)}到期`);
    expect(notice?.content).not.toContain(fine.plateNo);
    // A dispatcher who chose English in their account settings reads the next morning's in English,
    // whatever the language of whoever ran the job; the notice list shows the runner's.
    ok(await server.post('/api/core/account/preference/update', { layout: { language: 'en-US' } }, as('dispatcher')));
    try {
      ok(await server.post('/api/monitor/job/run/carDueNotices', {}, as('admin', 'pt-BR')));
      const next = (ok(await server.get('/api/core/noticeUserRel/page?pageSize=50', as('dispatcher'))).records as Row[]).find(
        (n) => String(n.content).includes(due.plateNo) && n.id !== notice?.id,
      );
      expect(next?.title).toMatch(/^Cars: \d+ insurance or inspection dates near$/);
      expect(next?.content).toContain(`${due.plateNo}: insurance due ${dayFromNow(12)}`);
      const sent = ok(await server.get('/api/core/notice/page?pageSize=5', as('admin'))).records as Row[];
      expect(sent.map((n) => n.title)).toContainEqual(expect.stringMatching(/^Veículos: \d+ seguros ou vistorias a vencer$/));
    } finally {
      ok(await server.post('/api/core/account/preference/update', { layout: { language: 'zh-CN' } }, as('dispatcher')));
    }
  });

  it('answers bad input with a message and changes nothing', async () => {
    const before = ok(await server.get('/api/car/info/page?pageSize=1', as('dispatcher'))).total;
    for (const body of [
      {
        plateNo: '测B00001',
        carKind: '1',
        brand: '红旗',
        model: 'H5',
        seats: 'five',
        insuranceDue: dayFromNow(1),
        inspectionDue: dayFromNow(1),
      },
      {
        plateNo: 'X'.repeat(40),
        carKind: '1',
        brand: '红旗',
        model: 'H5',
        seats: 5,
        insuranceDue: dayFromNow(1),
        inspectionDue: dayFromNow(1),
      },
      { plateNo: '测B00002', carKind: '1', model: 'H5', seats: 5, insuranceDue: dayFromNow(1), inspectionDue: dayFromNow(1) },
      {
        plateNo: '测B00003',
        carKind: '1',
        brand: '红旗',
        model: 'H5',
        seats: 5,
        insuranceDue: '2026-02-30',
        inspectionDue: dayFromNow(1),
      },
      {
        plateNo: '测B00004',
        carKind: '7',
        brand: '红旗',
        model: 'H5',
        seats: 5,
        insuranceDue: dayFromNow(1),
        inspectionDue: dayFromNow(1),
      },
    ])
      refused(await server.post('/api/car/info/save', body, as('dispatcher')));
    refused(
      await server.post(
        '/api/car/apply/save',
        { startTime: at(3, 12), endTime: at(3, 9), destination: '区教育局', purpose: '会议', passengerCount: 1 },
        as('staff'),
      ),
      /结束时间.*晚于开始时间/,
    );
    refused(
      await server.post(
        '/api/car/apply/save',
        { startTime: 'tomorrow', endTime: at(3, 9), destination: '区教育局', purpose: '会议', passengerCount: 1 },
        as('staff'),
      ),
    );
    expect(ok(await server.get('/api/car/info/page?pageSize=1', as('dispatcher'))).total).toBe(before);
  });
});

describe('a trip from request to return', () => {
  it('numbers the request, goes through the head and the dispatcher, and takes its steps only in order', async () => {
    const car = await newCar({ mileage: 20_000 });
    const driver = await newDriver();
    const trip = await approvedRequest(at(10, 9), at(10, 12));
    expect(trip.applyNo).toMatch(new RegExp(`^YC-${dayFromNow(0).slice(0, 4)}-\\d{4}$`));
    expect(trip).toMatchObject({ approvalStatus: '2', docState: '0' });
    // Out of order: not seen off or returned before a car is arranged.
    refused(await server.post(`/api/car/apply/depart?id=${trip.id}`, { departTime: at(10, 9) }, as('dispatcher')));
    refused(
      await server.post(
        `/api/car/apply/return?id=${trip.id}`,
        { returnTime: at(10, 12), odometerStart: 20_000, odometerEnd: 20_050 },
        as('dispatcher'),
      ),
    );
    // Staff do not arrange cars; a car missing is refused.
    expect((await arrange(trip.id, car.id, driver, 'staff')).body.code).toBe('40103');
    refused(await server.post(`/api/car/apply/arrange?id=${trip.id}`, { driverId: driver }, as('dispatcher')));
    ok(await arrange(trip.id, car.id, driver));
    refused(await arrange(trip.id, car.id, driver));
    ok(
      await server.post(
        `/api/car/apply/depart?id=${trip.id}`,
        { departTime: at(10, 9), odometerStart: 20_000 },
        as('dispatcher'),
      ),
    );
    expect((await carOf(car.id)).carState).toBe('1');
    refused(
      await server.post(
        `/api/car/apply/return?id=${trip.id}`,
        { returnTime: at(10, 13), odometerStart: 20_000, odometerEnd: 19_000 },
        as('dispatcher'),
      ),
      /里程表读数不能小于/,
    );
    const back = ok(
      await server.post(
        `/api/car/apply/return?id=${trip.id}`,
        {
          returnTime: at(10, 13),
          odometerStart: 20_000,
          odometerEnd: 20_137,
          fuelLitres: 12.5,
          fuelAmount: '98.50',
          tolls: '35.00',
          parking: '10.00',
        },
        as('dispatcher'),
      ),
    );
    expect(back).toMatchObject({ docState: '3', mileage: 137, tripCost: '143.50' });
    expect(await carOf(car.id)).toMatchObject({ mileage: 20_137, carState: '0' });
    refused(await server.post(`/api/car/apply/cancel?id=${trip.id}`, { cancelReason: '不用了' }, as('staff')));
  });

  it('arranges only cars that can go: not one in the workshop or retired', async () => {
    const driver = await newDriver();
    for (const carState of ['2', '3']) {
      const car = await newCar({ carState });
      const trip = await approvedRequest(at(11, 9), at(11, 10));
      refused(await arrange(trip.id, car.id, driver), /当前状态为/);
      expect((await tripOf(trip.id)).docState).toBe('0');
    }
  });

  it('does not arrange a request still in approval', async () => {
    const trip = await approvedRequest(at(12, 9), at(12, 10), false);
    refused(await arrange(trip.id, (await newCar()).id, await newDriver()));
  });
});

describe('no car and no driver twice at once', () => {
  it('refuses a car or a driver already arranged for an overlapping time, naming the other request', async () => {
    const car = await newCar();
    const other = await newCar();
    const driver = await newDriver();
    const driver2 = await newDriver();
    const first = await approvedRequest(at(20, 9), at(20, 12));
    ok(await arrange(first.id, car.id, driver));
    const overlapping = await approvedRequest(at(20, 11), at(20, 15));
    const msg = refused(await arrange(overlapping.id, car.id, driver2));
    expect(msg).toContain(first.applyNo);
    expect(msg).toContain(car.plateNo);
    const sameDriver = refused(await arrange(overlapping.id, other.id, driver));
    expect(sameDriver).toContain(first.applyNo);
    expect((await tripOf(overlapping.id)).docState).toBe('0');
    // Back to back is no overlap; another car with another driver goes.
    const after = await approvedRequest(at(20, 12), at(20, 14));
    ok(await arrange(after.id, car.id, driver));
    ok(await arrange(overlapping.id, other.id, driver2));
    // A cancelled trip frees its car.
    ok(await server.post(`/api/car/apply/cancel?id=${first.id}`, { cancelReason: '会议取消' }, as('staff')));
    const again = await approvedRequest(at(20, 8), at(20, 11, 30));
    ok(await arrange(again.id, car.id, await newDriver()));
  });

  it('shows each car’s week of arranged trips on the car calendar, to the dispatcher', async () => {
    const car = await newCar();
    const arranged = await approvedRequest(at(25, 9), at(25, 11));
    ok(await arrange(arranged.id, car.id, await newDriver()));
    await approvedRequest(at(25, 13), at(25, 15)); // waiting for a car: not on any car's week
    const week = `resource=${car.id}&from=${encodeURIComponent(at(24, 0))}&to=${encodeURIComponent(at(27, 0))}`;
    const blocks = ok(await server.get(`/api/car/apply/calendar?${week}`, as('dispatcher'))) as Row[];
    expect(blocks.map((b) => [b.doc, b.title])).toEqual([[arranged.applyNo, '区教育局']]);
    const cars = ok(await server.get('/api/car/apply/calendar/resources', as('dispatcher'))) as Row[];
    expect(cars.map((c) => c.label)).toContain(car.plateNo);
    expect((await server.get(`/api/car/apply/calendar?${week}`, as('staff'))).body.code).toBe('40103');
  });

  it('lets one of ten dispatchers arranging one car at once through', async () => {
    const car = await newCar();
    const trips: Row[] = [];
    for (let i = 0; i < 10; i++) trips.push(await approvedRequest(at(30, 8 + (i % 3)), at(30, 12 + (i % 2))));
    const drivers: number[] = [];
    for (let i = 0; i < 10; i++) drivers.push(await newDriver());
    const answers = await Promise.all(trips.map((t, i) => arrange(t.id, car.id, drivers[i]!)));
    expect(answers.filter((r) => r.body.code === '0')).toHaveLength(1);
    for (const r of answers) expect(r.status).toBeLessThan(500);
    const arranged = ok(await server.get(`/api/car/apply/list?carId=${car.id}&docState=1`, as('dispatcher'))) as Row[];
    expect(arranged).toHaveLength(1);
  });
});

describe('car expenses on the official-car indicator', () => {
  const figures = async () => {
    const r = ok(await server.get(`/api/neikong/budget/infoById/${budget30231}`, as('admin')));
    return { frozen: Number(r.frozenAmount), used: Number(r.usedAmount), available: Number(r.availableAmount) };
  };
  const file = (body: Row) =>
    server.post(
      '/api/car/funds/save',
      { kind: '1', amount: '300.00', spendDate: dayFromNow(0), budgetId: budget30231, ...body },
      as('dispatcher'),
    );

  it('refuses an indicator of another class and a trip not returned', async () => {
    const car = await newCar();
    refused(await file({ carId: car.id, budgetId: budget30211 }), /30231/);
    const trip = await approvedRequest(at(40, 9), at(40, 10));
    refused(await file({ carId: car.id, tripId: trip.id }), /已还车/);
  });

  it('freezes on submit, spends on approval, gives back when turned down or withdrawn', async () => {
    const car = await newCar({ mileage: 5000 });
    const trip = await approvedRequest(at(41, 9), at(41, 10));
    ok(await arrange(trip.id, car.id, await newDriver()));
    ok(
      await server.post(
        `/api/car/apply/return?id=${trip.id}`,
        { returnTime: at(41, 11), odometerStart: 5000, odometerEnd: 5040, fuelAmount: '300.00' },
        as('dispatcher'),
      ),
    );
    const start = await figures();
    const fuel = ok(await file({ carId: car.id, tripId: trip.id }));
    expect(fuel.fundsNo).toMatch(/^CF-\d{4}-\d{4}$/);
    ok(await server.post(`/api/car/funds/submit?id=${fuel.id}&confirmed=1`, {}, as('dispatcher')));
    expect(await figures()).toEqual({ frozen: start.frozen + 300, used: start.used, available: start.available - 300 });
    await approveAll('carFunds', Number(fuel.id));
    expect((await server.get(`/api/car/funds/infoById/${fuel.id}`, as('dispatcher'))).body.data.approvalStatus).toBe('2');
    expect(await figures()).toEqual({ frozen: start.frozen, used: start.used + 300, available: start.available - 300 });

    const repair = ok(await file({ carId: car.id, kind: '2', amount: '1200.00' }));
    ok(await server.post(`/api/car/funds/submit?id=${repair.id}&confirmed=1`, {}, as('dispatcher')));
    expect((await figures()).frozen).toBe(start.frozen + 1200);
    ok(await server.post(`/api/car/funds/withdraw?id=${repair.id}`, {}, as('dispatcher')));
    expect(await figures()).toEqual({ frozen: start.frozen, used: start.used + 300, available: start.available - 300 });

    const parking = ok(await file({ carId: car.id, kind: '5', amount: '40.00' }));
    ok(await server.post(`/api/car/funds/submit?id=${parking.id}&confirmed=1`, {}, as('dispatcher')));
    const tasks = ok(await server.get('/api/workflow/task/page?scope=todo&pageSize=100', as('assets'))).records as Row[];
    const task = tasks.find((t) => t.entity === 'carFunds' && Number(t.businessKey) === Number(parking.id));
    ok(await server.post('/api/workflow/task/reject', { taskId: task!.id, comment: '票据不全' }, as('assets')));
    expect(await figures()).toEqual({ frozen: start.frozen, used: start.used + 300, available: start.available - 300 });
  });

  it('refuses more than the indicator has left', async () => {
    const car = await newCar();
    const big = ok(await file({ carId: car.id, kind: '2', amount: '99999.00' }));
    refused(await server.post(`/api/car/funds/submit?id=${big.id}&confirmed=1`, {}, as('dispatcher')));
    expect((await server.get(`/api/car/funds/infoById/${big.id}`, as('dispatcher'))).body.data.approvalStatus).toBe('0');
  });
});

describe('one site never reaches the other', () => {
  it('keeps each site to its own cars, drivers and requests', async () => {
    const trip = await approvedRequest(at(50, 9), at(50, 10));
    const demoCar = await newCar();
    const demoDriver = await newDriver();
    expect((await server.get(`/api/car/apply/infoById/${trip.id}`, as('citydispatcher'))).body.code).not.toBe('0');
    refused(await arrange(trip.id, demoCar.id, demoDriver, 'citydispatcher'));
    const cityCar = await newCar({}, 'citydispatcher');
    const cityDriver = await newDriver('citydispatcher');
    refused(await arrange(trip.id, cityCar.id, demoDriver));
    refused(await arrange(trip.id, demoCar.id, cityDriver));
    expect((await tripOf(trip.id)).docState).toBe('0');
    const cityPlates = (ok(await server.get('/api/car/info/list', as('citydispatcher'))) as Row[]).map((c) => c.plateNo);
    expect(cityPlates).not.toContain(demoCar.plateNo);
  });

  it('lets staff file a car request but not arrange, return or register cars', async () => {
    expect((await server.post('/api/car/info/save', { plateNo: '测C00001' }, as('staff'))).body.code).toBe('40103');
    const trip = await approvedRequest(at(51, 9), at(51, 10));
    expect((await server.post(`/api/car/apply/return?id=${trip.id}`, {}, as('staff'))).body.code).toBe('40103');
    expect((await server.get('/api/car/apply/page', as('citystaff'))).body.code).toBe('0');
  });
});

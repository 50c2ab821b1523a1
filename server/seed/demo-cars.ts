// A site's official cars for the demo (issue 18), written through the product's own API by the people
// who would do it: the car dispatcher registers the drivers and the cars (one whose insurance falls
// due within the month, one in the workshop); staff ask for cars, which go through approval; the
// dispatcher arranges them, sees them off and back (odometer, fuel, tolls, parking), and files the
// cars' expenses against the official-car indicator (class 30231): one consumed, one frozen in
// approval, one draft. Requests stand in every state: draft, in approval, rejected, to arrange,
// arranged, on the road, returned, cancelled. Both demo organisations get one, each with its cars.
type Caller = { call: (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<any> };

export interface CarSeedPeople {
  dispatcher: Caller;
  /** A member of staff who asks for cars. */
  staff: Caller;
  /** Everyone who may hold an approval step on the site: each task goes to whichever has it. */
  approvers: Caller[];
}

export interface CarSeedPlan {
  /** Days from today as YYYY-MM-DD. */
  day: (offset: number) => string;
  /** [name, phone, licence class, licence valid until (days from today)]. */
  drivers: Array<[string, string, string, number]>;
  /** [plate, kind, brand, model, seats, colour, driver (index), purchased (days ago), insurance due, inspection due (days from today), mileage, state]. */
  cars: Array<[string, string, string, string, number, string, number, number, number, number, number, string]>;
  /** Where the staff go: [destination, purpose, passengers]. */
  trips: Array<[string, string, string]>;
}

const money = (n: number) => n.toFixed(2);

export async function seedCars(people: CarSeedPeople, plan: CarSeedPlan): Promise<void> {
  const { dispatcher, staff } = people;
  const { day } = plan;
  const at = (offset: number, hour: number) => `${day(offset)}T${String(hour).padStart(2, '0')}:00:00+08:00`;
  const decide = async (entity: string, id: number, decision: 'approve' | 'reject' = 'approve', steps = 6) => {
    for (let step = 0; step < steps; step++) {
      let decided = false;
      for (const who of people.approvers) {
        const tasks = (await who.call('GET', '/workflow/task/page?scope=todo&pageSize=100')) as {
          records: Array<{ id: number; entity: string; businessKey: number }>;
        };
        const task = tasks.records.find((t) => t.entity === entity && Number(t.businessKey) === id);
        if (!task) continue;
        await who.call('POST', `/workflow/task/${decision}`, {
          taskId: task.id,
          comment: decision === 'approve' ? '同意' : '当日无车可派',
        });
        decided = true;
        break;
      }
      if (!decided || decision === 'reject') return;
    }
  };

  const drivers: number[] = [];
  for (const [driverName, phone, licenceClass, valid] of plan.drivers)
    drivers.push(
      Number(
        (await dispatcher.call('POST', '/car/driver/save', { driverName, phone, licenceClass, licenceExpiry: day(valid) })).id,
      ),
    );
  const cars: number[] = [];
  for (const [
    plateNo,
    carKind,
    brand,
    model,
    seats,
    colour,
    driver,
    bought,
    insurance,
    inspection,
    mileage,
    carState,
  ] of plan.cars)
    cars.push(
      Number(
        (
          await dispatcher.call('POST', '/car/info/save', {
            plateNo,
            carKind,
            brand,
            model,
            seats,
            colour,
            driverId: drivers[driver],
            purchaseDate: day(-bought),
            insuranceDue: day(insurance),
            inspectionDue: day(inspection),
            mileage,
            carState,
          })
        ).id,
      ),
    );
  const usable = plan.cars
    .map((c, i) => [c, i] as const)
    .filter(([c]) => c[11] === '0')
    .map(([, i]) => i);
  const car = (n: number) => cars[usable[n % usable.length]!]!;
  const driverOf = (n: number) => drivers[plan.cars[usable[n % usable.length]!]![6]]!;
  const trip = (n: number) => plan.trips[n % plan.trips.length]!;

  const request = async (n: number, from: number, hours: number, submit = true) => {
    const [destination, purpose, passengers] = trip(n);
    const saved = (await staff.call('POST', '/car/apply/save', {
      startTime: at(from, 9),
      endTime: at(from, 9 + hours),
      destination,
      purpose,
      passengers,
      passengerCount: passengers.split('、').length,
    })) as { id: number };
    if (submit) await staff.call('POST', `/car/apply/submit?id=${saved.id}`, { id: saved.id });
    return saved.id;
  };
  const approved = async (n: number, from: number, hours: number) => {
    const id = await request(n, from, hours);
    await decide('carApply', id);
    return id;
  };
  const arrange = (id: number, n: number) =>
    dispatcher.call('POST', `/car/apply/arrange?id=${id}`, { id, carId: car(n), driverId: driverOf(n) });

  // Two trips done last month and last week, with their trip sheets.
  const returned: Array<{ id: number; car: number; fuel: number }> = [];
  for (const [n, from, odometer, km, fuel, tolls] of [
    [0, -24, 0, 86, 320, 45],
    [1, -6, 0, 142, 410, 60],
  ] as const) {
    const id = await approved(n, from, 6);
    await arrange(id, n);
    await dispatcher.call('POST', `/car/apply/depart?id=${id}`, { id, departTime: at(from, 9) });
    const start = plan.cars[usable[n % usable.length]!]![10] + odometer;
    await dispatcher.call('POST', `/car/apply/return?id=${id}`, {
      id,
      returnTime: at(from, 15),
      odometerStart: start,
      odometerEnd: start + km,
      fuelLitres: Math.round((fuel / 7.8) * 10) / 10,
      fuelAmount: money(fuel),
      tolls: money(tolls),
      parking: money(20),
    });
    returned.push({ id, car: car(n), fuel });
  }
  // On the road today, arranged for tomorrow, waiting for a car, in approval, a draft.
  const road = await approved(2, 0, 8);
  await arrange(road, 2);
  await dispatcher.call('POST', `/car/apply/depart?id=${road}`, { id: road, departTime: at(0, 9) });
  await arrange(await approved(3, 1, 4), 3);
  await approved(4, 2, 3);
  await request(5, 3, 5);
  await request(6, 5, 2, false);
  // One cancelled after its car was arranged, one the department head turned down.
  const cancelled = await approved(0, 4, 3);
  await arrange(cancelled, 0);
  await staff.call('POST', `/car/apply/cancel?id=${cancelled}`, { id: cancelled, cancelReason: '活动改期' });
  await decide('carApply', await request(1, 6, 3), 'reject');

  // The cars' expenses on the official-car indicator: the first trip's fuel spent, a repair in
  // approval (frozen), the insurance renewal a draft.
  const indicator = (
    (await dispatcher.call('GET', '/neikong/budget/noChildrenList?economicClass=30231')) as Array<{ id: number }>
  )[0];
  if (!indicator) return;
  const funds = async (body: object, submit: boolean, approve: boolean) => {
    const saved = (await dispatcher.call('POST', '/car/funds/save', { budgetId: indicator.id, ...body })) as { id: number };
    if (submit) await dispatcher.call('POST', `/car/funds/submit?id=${saved.id}&confirmed=1`, { id: saved.id });
    if (approve) await decide('carFunds', saved.id);
  };
  await funds(
    {
      carId: returned[0]!.car,
      kind: '1',
      amount: money(returned[0]!.fuel),
      spendDate: day(-24),
      tripId: returned[0]!.id,
      remark: '出车加油',
    },
    true,
    true,
  );
  await funds(
    { carId: returned[1]!.car, kind: '4', amount: money(60), spendDate: day(-6), tripId: returned[1]!.id, remark: '高速通行费' },
    true,
    true,
  );
  await funds({ carId: cars[1]!, kind: '2', amount: money(1860), spendDate: day(-3), remark: '更换刹车片及保养' }, true, false);
  await funds({ carId: cars[0]!, kind: '3', amount: money(4200), spendDate: day(0), remark: '交强险及商业险续保' }, false, false);
}

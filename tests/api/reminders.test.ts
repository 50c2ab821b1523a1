// Reminders from files and jobs on several nodes (issue 35, issue 37's first point): the demo
// reminder schemas/leave/leaveApply.reminders.json — a leave starting tomorrow tells its applicant
// and their department's head, once, each in their language — and the scheduler's claim: a job
// runs once per site and period however many nodes look, a dead node's claim is taken over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { startNode, startServer, type TestServer } from '../support/server.ts';
import { claimRun, defineJob, dueOn, LEASE_MS, runDueJobs, runJob, siteJobOf } from '../../server/platform/jobs.ts';
import { leaderFrom } from '../../server/modules/workflow/duties.ts';
import { runReminder, type ReminderDef } from '../../server/modules/notice/reminders.ts';
import { NOTIFY_KINDS } from '../../server/modules/account/settings.ts';
import remindersMeta from '../../schemas/_meta/reminders.schema.json' with { type: 'json' };

let server: TestServer;
let db: Kysely<any>;
let siteId: number;
let staff: number;
let staffDept: number;
let head: number;

// 2031-03-04 is a Tuesday; 08:30 in Shanghai (the demo site's clock) is 00:30 UTC.
const at = (day: string, time = '08:30') => Date.parse(`${day}T${time}:00+08:00`);
const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer();
  db = server.database.db as unknown as Kysely<any>;
  siteId = server.services.sites.get('demo')!.id;
  const user = await db.selectFrom('sys_user').select(['id', 'dept_id']).where('login_name', '=', 'staff').where('top_dept_id', '=', siteId).executeTakeFirstOrThrow();
  staff = Number(user.id);
  staffDept = Number(user.dept_id);
  [head] = await leaderFrom(db, siteId, staffDept, new Set());
  expect(head).toBeTruthy();
  const token = await server.login('staff', 'Demo@12345');
  const r = await server.post('/api/core/account/preference/update', { layout: { language: 'pt-BR' } }, { token });
  expect(r.body.code).toBe('0');
});
afterAll(async () => {
  await server?.close();
});

async function leave(startDate: string, reason: string, approvalStatus = '2') {
  const row = await db
    .insertInto('biz_leave_apply')
    .values({
      top_dept_id: siteId,
      leave_type: 'annual',
      start_date: startDate,
      end_date: plus(startDate, 2),
      days: 3,
      reason,
      dept_id: staffDept,
      approval_status: approvalStatus,
      created_by: staff,
      created_at: new Date(server.clock.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const noticesOf = async (user: number, reason: string) =>
  (
    await sql<{ title: string; content: string }>`select title, content from sys_notice_user_rel
      where user_id = ${user} and content like ${`%${reason}%`}`.execute(db)
  ).rows;

const logRows = async (key: string, day: string) =>
  Number(
    (
      await sql<{ n: number }>`select count(*)::int as n from sys_job_log where top_dept_id = ${siteId} and job_key = ${key}
        and run_day = ${day} and trigger_kind = 'schedule'`.execute(db)
    ).rows[0]!.n,
  );

describe('a reminder from a file', () => {
  it('tells the applicant and the head once of a leave starting tomorrow, each in their language', async () => {
    const today = '2031-03-04';
    server.clock.set(at(today, '07:30'));
    await leave(plus(today, 1), 'Reminder-A');
    await leave(plus(today, 2), 'Reminder-not-yet');
    await leave(plus(today, 1), 'Reminder-draft', '0');
    // Before 08:00 the reminder is not due.
    await runDueJobs(server.services);
    expect(await noticesOf(staff, 'Reminder-A')).toHaveLength(0);
    server.clock.set(at(today));
    await runDueJobs(server.services);
    // Again the same day, later, and by hand: nobody is told twice.
    await runDueJobs(server.services);
    server.clock.set(at(today, '15:00'));
    await runDueJobs(server.services);
    const site = server.services.sites.get('demo')!;
    const byHand = await runJob(server.services, siteJobOf(server.services, site, 'leaveStarts')!, site, 'hand', null, 'en-US');
    expect(byHand.job_status).toBe('0');
    // What it did, in the language of whoever ran it: nothing new.
    expect(byHand.result).toBe('0 records reminded of, 0 people told');

    const mine = await noticesOf(staff, 'Reminder-A');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toBe('Afastamento começa amanhã');
    expect(mine[0]!.content).toBe(`Férias de ${plus(today, 1)} a ${plus(today, 3)}: Reminder-A`);
    const heads = await noticesOf(head, 'Reminder-A');
    expect(heads).toHaveLength(1);
    expect(heads[0]!.title).toBe('休假明日开始');
    // Not a leave two days ahead, nor a draft.
    expect(await noticesOf(staff, 'Reminder-not-yet')).toHaveLength(0);
    expect(await noticesOf(staff, 'Reminder-draft')).toHaveLength(0);
    expect(await logRows('leaveStarts', today)).toBe(1);
  });

  it('names a file reminder as a job of the site: an unknown one is refused', async () => {
    server.clock.set(Date.now());
    const token = await server.login('admin', 'Admin@12345');
    const r = await server.post('/api/monitor/job/run/noSuchReminder', {}, { token });
    expect(r.body.code).not.toBe('0');
    expect(r.status).toBeLessThan(500);
  });
});

describe("the reader's account switches", () => {
  it('leaves out a reader who turned the reminder\'s kind off, as the modules\' notices do', async () => {
    const today = '2031-05-06';
    server.clock.set(at(today));
    await leave(plus(today, 1), 'Reminder-switch');
    // The head turned contract reminders off (what settings → notifications saves).
    const setSwitch = (on: boolean) =>
      sql`insert into sys_user_setting (user_id, top_dept_id, notify) values (${head}, ${siteId}, ${JSON.stringify({ contractDue: on })}::jsonb)
        on conflict (user_id) do update set notify = sys_user_setting.notify || excluded.notify`.execute(db);
    await setSwitch(false);
    try {
      const site = server.services.sites.get('demo')!;
      const def: ReminderDef = {
        title: 'reminder.leaveStarts',
        when: { date: 'startDate', daysBefore: 1 },
        where: { approvalStatus: ['2'] },
        notify: [{ applicant: true }, { deptLeader: 'deptId' }],
        switch: 'contractDue',
        message: 'reminder.leaveStarts.message',
      };
      const r = await runReminder(server.services, site, 'testSwitch', 'leaveApply', def, today, 'zh-CN');
      expect(r.people).toBeGreaterThanOrEqual(1);
      expect(await noticesOf(staff, 'Reminder-switch')).toHaveLength(1);
      expect(await noticesOf(head, 'Reminder-switch')).toHaveLength(0);
      // Another kind of reminder still reaches them.
      await runReminder(server.services, site, 'testNoSwitch', 'leaveApply', { ...def, switch: 'insuranceDue' }, today, 'zh-CN');
      expect(await noticesOf(head, 'Reminder-switch')).toHaveLength(1);
    } finally {
      await setSwitch(true);
    }
  });

  it('names in the file schema exactly the account settings\' kinds', () => {
    const reminder = (remindersMeta as any).$defs.reminder.properties.switch;
    expect(reminder.enum).toEqual([...NOTIFY_KINDS]);
  });
});

describe('a combined reminder over a window of days (the car reminder, schemas/car/carInfo.reminders.json)', () => {
  async function car(plateNo: string, insuranceDue: string, inspectionDue: string, carState = '0') {
    await db
      .insertInto('car_info')
      .values({ top_dept_id: siteId, plate_no: plateNo, car_kind: '1', brand: 'T', model: 'T', seats: 5, insurance_due: insuranceDue,
        inspection_due: inspectionDue, car_state: carState, created_by: staff, created_at: new Date(server.clock.now()) })
      .execute();
  }
  const dispatcherNotices = async (dispatcher: number, day: string) =>
    (
      await sql<{ title: string; content: string }>`select title, content from sys_notice_user_rel
        where user_id = ${dispatcher} and content like '%测W%' and created_at >= ${new Date(at(day, '00:00'))} order by id`.execute(db)
    ).rows;

  it('tells each dispatcher once per run of every date due within 30 days or past, a line each, nearest first', async () => {
    const today = '2031-06-02';
    server.clock.set(at(today, '06:00'));
    await car('测W0001', plus(today, 12), plus(today, 200));
    await car('测W0002', plus(today, -3), plus(today, 30));
    await car('测W0003', plus(today, 31), plus(today, 45));
    await car('测W0004', plus(today, 1), plus(today, 1), '3');
    const dispatcher = Number(
      (await db.selectFrom('sys_user').select('id').where('login_name', '=', 'dispatcher').where('top_dept_id', '=', siteId).executeTakeFirstOrThrow()).id,
    );
    server.clock.set(at(today, '07:05'));
    await runDueJobs(server.services);
    const [notice, ...more] = await dispatcherNotices(dispatcher, today);
    expect(more).toHaveLength(0);
    expect(notice!.title).toMatch(/^车辆提醒：\d+项保险或年检即将到期$/);
    const lines = notice!.content.split('；').filter((l) => l.includes('测W'));
    // The lapsed insurance first (3 days ago), then by date; the retired car and the far dates never.
    expect(lines).toEqual(['测W0002 保险已过期3天', `测W0001 保险${plus(today, 12)}到期`, `测W0002 年检${plus(today, 30)}到期`]);
    expect(await logRows('carDueNotices', today)).toBe(1);
    // A dispatcher who turned insurance reminders off hears nothing.
    await sql`insert into sys_user_setting (user_id, top_dept_id, notify) values (${dispatcher}, ${siteId}, '{"insuranceDue": false}'::jsonb)
      on conflict (user_id) do update set notify = sys_user_setting.notify || excluded.notify`.execute(db);
    try {
      const site = server.services.sites.get('demo')!;
      await runJob(server.services, siteJobOf(server.services, site, 'carDueNotices')!, site, 'hand', null);
      expect(await dispatcherNotices(dispatcher, today)).toHaveLength(1);
    } finally {
      await sql`update sys_user_setting set notify = notify || '{"insuranceDue": true}'::jsonb where user_id = ${dispatcher}`.execute(db);
    }
  });
});

describe('cadences', () => {
  const runs: string[] = [];
  beforeAll(() => {
    defineJob({
      key: 'testWeekly',
      title: 'job.contractNotices',
      at: '06:00',
      cadence: { every: 'week', weekday: 3, at: '06:00' },
      async run(_s, site, today) {
        if (site.key === 'demo') runs.push(today);
        return { message: 'job.reminderDone', params: { rows: 0, people: 0 } };
      },
    });
  });

  it('runs a weekly job on its weekday only, once', async () => {
    const monday = '2031-03-10';
    for (let i = 0; i < 7; i++) {
      server.clock.set(at(plus(monday, i), '07:00'));
      await runDueJobs(server.services);
      await runDueJobs(server.services);
    }
    // Wednesday the 12th alone.
    expect(runs).toEqual(['2031-03-12']);
  });

  it('runs a monthly job on its day, or the month\'s last when it has fewer', () => {
    const monthly = { every: 'month' as const, day: 31, at: '06:00' };
    expect(dueOn(monthly, '2031-02-28')).toBe(true);
    expect(dueOn(monthly, '2031-02-27')).toBe(false);
    expect(dueOn(monthly, '2031-03-30')).toBe(false);
    expect(dueOn(monthly, '2031-03-31')).toBe(true);
    expect(dueOn({ every: 'month', day: 5, at: '06:00' }, '2031-04-05')).toBe(true);
    expect(dueOn({ every: 'week', weekday: 7, at: '06:00' }, '2031-03-16')).toBe(true);
    expect(dueOn({ every: 'day', at: '06:00' }, '2031-03-16')).toBe(true);
  });
});

describe('several app nodes', () => {
  let second: TestServer;
  beforeAll(async () => {
    const otherDb = await server.testDb!.openAnotherNode();
    // The same clock: both nodes look at the same minute.
    second = await startNode(otherDb, server.testDb!.dataDir, server.clock);
    if (otherDb !== server.database) second.cleanups.push(() => otherDb.close());
  });
  afterAll(async () => {
    await second?.close();
  });

  it('runs a job once and tells each person once when two nodes look at the same time', async () => {
    const today = '2031-04-01';
    server.clock.set(at(today));
    await leave(plus(today, 1), 'Reminder-B');
    await Promise.all([runDueJobs(server.services), runDueJobs(second.services), runDueJobs(second.services)]);
    expect(await logRows('leaveStarts', today)).toBe(1);
    expect(await logRows('contractNotices', today)).toBe(1);
    expect(await noticesOf(staff, 'Reminder-B')).toHaveLength(1);
    expect(await noticesOf(head, 'Reminder-B')).toHaveLength(1);
  });

  it('takes over a claim whose node died before finishing, once its lease ran out', async () => {
    const today = '2031-04-02';
    server.clock.set(at(today));
    await leave(plus(today, 1), 'Reminder-C');
    // A node claimed the run at 08:25 and died.
    await sql`insert into sys_job_claim (top_dept_id, job_key, period, node, claimed_at, lease_until)
      values (${siteId}, 'leaveStarts', ${today}, 'dead-node', ${new Date(at(today, '08:25'))}, ${new Date(at(today, '08:25') + LEASE_MS)})`.execute(db);
    // Within its lease nobody else runs it.
    await Promise.all([runDueJobs(server.services), runDueJobs(second.services)]);
    expect(await logRows('leaveStarts', today)).toBe(0);
    expect(await noticesOf(staff, 'Reminder-C')).toHaveLength(0);
    // After it, one node takes the run over, once.
    server.clock.set(at(today, '08:25') + LEASE_MS + 60_000);
    await Promise.all([runDueJobs(server.services), runDueJobs(second.services)]);
    expect(await logRows('leaveStarts', today)).toBe(1);
    expect(await noticesOf(staff, 'Reminder-C')).toHaveLength(1);
    const claim = (
      await sql<{ node: string; finished_at: unknown }>`select node, finished_at from sys_job_claim
        where top_dept_id = ${siteId} and job_key = 'leaveStarts' and period = ${today}`.execute(db)
    ).rows[0]!;
    expect(claim.node).not.toBe('dead-node');
    expect(claim.finished_at).not.toBeNull();
    // A finished claim is never taken again.
    expect(await claimRun(server.services, siteId, 'leaveStarts', today)).toBe(false);
  });
});

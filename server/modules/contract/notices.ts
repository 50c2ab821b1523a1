// Contract notices (合同提醒, DOMAIN.md "Contracts", spec section 2's home block): instalments of
// performing contracts due within 30 days (or overdue, not yet paid), and contracts not finished
// that end within 60 days.
//
//   GET /api/contract/contract/notices     the caller's, in their data scope (the home block)
//   job contractNotices, each morning      each contract's author gets a notice listing theirs
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { wantingNotification } from '../account/settings.ts';
import { sendSystemNotice } from '../notice/send.ts';
import { EntityService } from '../../entities/crud.ts';
import { whereAll, type Condition } from '../../entities/query.ts';
import { ok } from '../../platform/answer.ts';
import { caller } from '../../platform/gate.ts';
import { defineJob } from '../../platform/jobs.ts';
import { siteNow } from '../../platform/site-time.ts';
import { dateText } from './contracts.ts';
import type { Site } from '../../platform/sites.ts';
import { itemsSeparator, type Locale } from '../../../validators/locale.ts';
import { t } from '../../platform/messages.ts';

export const DUE_DAYS = 30;
export const ENDING_DAYS = 60;
const SHOWN = 20;

export interface DueInstalment {
  contractId: number;
  contractNo: string;
  name: string;
  counterparty: string;
  instalmentNo: number;
  planDate: string;
  amount: string;
  daysLeft: number;
  createdBy: number | null;
}
export interface EndingContract {
  contractId: number;
  contractNo: string;
  name: string;
  counterparty: string;
  endDate: string;
  unpaidAmount: string;
  daysLeft: number;
  createdBy: number | null;
}

const text = (v: unknown) => dateText(v) ?? '';
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
const plus = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

/** What is due and ending on a site as of `today`, within `where` (conditions on the contract `t`). */
export async function contractNotices(s: Services, site: Site, today: string, where: Condition[]) {
  const db = s.database.db as unknown as Kysely<any>;
  const contract = s.schemas.entity(site.key, 'contract');
  const lines = s.schemas.entity(site.key, 'contractInstalment');
  const due = await sql<Record<string, unknown>>`select t.id, t.contract_no, t.name, t.counterparty, t.created_by,
      l.line_no, l.plan_date, l.amount
    from ${sql.table(lines.table)} l join ${sql.table(contract.table)} t on t.id = l.doc_id
    ${whereAll([...where, sql`t.contract_state = '1'`, sql`l.instalment_state in ('0', '1')`, sql`l.plan_date <= ${plus(today, DUE_DAYS)}::date`])}
    order by l.plan_date, t.id, l.line_no limit ${SHOWN}`.execute(db);
  const ending = await sql<Record<string, unknown>>`select t.id, t.contract_no, t.name, t.counterparty, t.created_by, t.end_date,
      t.amount - coalesce((select sum(p.amount) from ${sql.table(lines.table)} p where p.doc_id = t.id and p.instalment_state = '2'), 0) as unpaid
    from ${sql.table(contract.table)} t
    ${whereAll([
      ...where,
      sql`t.approval_status = '2'`,
      sql`t.contract_state in ('0', '1')`,
      sql`t.end_date between ${today}::date and ${plus(today, ENDING_DAYS)}::date`,
    ])}
    order by t.end_date, t.id limit ${SHOWN}`.execute(db);
  return {
    today,
    instalments: due.rows.map((r): DueInstalment => ({
      contractId: Number(r.id),
      contractNo: String(r.contract_no),
      name: String(r.name),
      counterparty: String(r.counterparty),
      instalmentNo: Number(r.line_no),
      planDate: text(r.plan_date),
      amount: String(r.amount),
      daysLeft: daysBetween(today, text(r.plan_date)),
      createdBy: r.created_by === null ? null : Number(r.created_by),
    })),
    ending: ending.rows.map((r): EndingContract => ({
      contractId: Number(r.id),
      contractNo: String(r.contract_no),
      name: String(r.name),
      counterparty: String(r.counterparty),
      endDate: text(r.end_date),
      unpaidAmount: Number(r.unpaid).toFixed(2),
      daysLeft: daysBetween(today, text(r.end_date)),
      createdBy: r.created_by === null ? null : Number(r.created_by),
    })),
  };
}

export function contractNoticeRoutes(app: FastifyInstance, s: Services) {
  app.get('/contract/contract/notices', { config: { permission: 'contract:contract:list' } }, async (request) => {
    const { site } = caller(request);
    const svc = new EntityService(s, s.schemas.entity(site.key, 'contract'), request);
    // Every year's contracts the caller may see (a row asked for by id is not held to the year either).
    const found = await contractNotices(s, site, siteNow(s.clock.now(), site.timeZone).day, svc.conditions({}, true));
    const strip = <T extends { createdBy: unknown }>(rows: T[]) => rows.map(({ createdBy: _c, ...r }) => r);
    return ok(request, { ...found, instalments: strip(found.instalments), ending: strip(found.ending) });
  });
}

/** Each morning, the author of each contract hears of its instalments due and its end near. */
defineJob({
  key: 'contractNotices',
  title: 'job.contractNotices',
  at: '07:00',
  async run(s, site, today, locale) {
    const db = s.database.db as unknown as Kysely<any>;
    const found = await contractNotices(s, site, today, [sql`t.top_dept_id = ${site.id}`]);
    // Each item's words in the reader's language, made when the notice is written.
    type Item = (locale: Locale) => string;
    const byUser = new Map<number, Item[]>();
    const add = (user: number | null, item: Item) => {
      if (user === null) return;
      byUser.set(user, [...(byUser.get(user) ?? []), item]);
    };
    for (const d of found.instalments) {
      const params = { contract: d.contractNo, name: d.name, n: d.instalmentNo, amount: d.amount };
      add(d.createdBy, (l) =>
        d.daysLeft < 0
          ? t('notice.contract.instalmentOverdue', l, { ...params, days: -d.daysLeft })
          : t('notice.contract.instalmentDue', l, { ...params, date: d.planDate }),
      );
    }
    for (const e of found.ending)
      add(e.createdBy, (l) =>
        t('notice.contract.ending', l, { contract: e.contractNo, name: e.name, date: e.endDate, amount: e.unpaidAmount }),
      );
    const now = new Date(s.clock.now());
    // Those who turned contract reminders off in their account settings are left out.
    const wanting = new Set(await wantingNotification(s.database.db, site.id, [...byUser.keys()], 'contractDue'));
    for (const [user, items] of byUser) {
      if (!wanting.has(user)) continue;
      await sendSystemNotice(db, site.id, [user], {
        text: (l) => ({
          title: t('notice.contract.title', l, { count: items.length }),
          content: items.map((item) => item(l)).join(itemsSeparator(l)),
        }),
        at: now,
        locale,
      });
    }
    return {
      message: 'job.contractNoticesDone',
      params: { due: found.instalments.length, ending: found.ending.length, people: byUser.size },
    };
  },
});

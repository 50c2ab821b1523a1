// Official cars (DOMAIN.md "Cars, venues, seals, printing, salaries"): a car's insurance and annual
// inspection must not lapse. Each morning the site's car dispatchers get one notice listing every car
// not retired whose insurance or inspection falls due within 30 days (or has lapsed). The car list
// shows the same by its due flag (carInfo.dueFlag, an aggregate over the same dates).
import { sql, type Kysely } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineJob } from '../../platform/jobs.ts';
import { wantingNotification } from '../account/settings.ts';
import { sendSystemNotice, usersWithRole } from '../notice/send.ts';
import { t } from '../../platform/messages.ts';
import { itemsSeparator } from '../../../validators/locale.ts';
import type { Site } from '../../platform/sites.ts';

export const DUE_DAYS = 30;
const SHOWN = 30;

const plus = (day: string, n: number) => new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);
const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 10));

export interface CarDue {
  plateNo: string;
  what: 'insurance' | 'inspection';
  due: string;
  daysLeft: number;
}

/** The site's cars (not retired) whose insurance or inspection is due by `today` + 30 days. */
export async function carsDue(s: Services, site: Site, today: string): Promise<CarDue[]> {
  const db = s.database.db as unknown as Kysely<any>;
  const car = s.schemas.entity(site.key, 'carInfo');
  const until = plus(today, DUE_DAYS);
  const rows = await sql<{ plate_no: string; insurance_due: unknown; inspection_due: unknown }>`
    select plate_no, insurance_due, inspection_due from ${sql.table(car.table)}
    where top_dept_id = ${site.id} and car_state <> '3'
      and (insurance_due <= ${until}::date or inspection_due <= ${until}::date)
    order by plate_no limit ${SHOWN}`.execute(db);
  const out: CarDue[] = [];
  for (const r of rows.rows)
    for (const [what, value] of [
      ['insurance', r.insurance_due],
      ['inspection', r.inspection_due],
    ] as const) {
      const due = dayText(value);
      if (due && due <= until)
        out.push({ plateNo: r.plate_no, what, due, daysLeft: Math.round((Date.parse(due) - Date.parse(today)) / 86_400_000) });
    }
  return out;
}

defineJob({
  key: 'carDueNotices',
  title: 'job.carDueNotices',
  at: '07:00',
  async run(s, site, today, locale) {
    const db = s.database.db as unknown as Kysely<any>;
    const due = await carsDue(s, site, today);
    let people = due.length ? await usersWithRole(db, site.id, 'carDispatcher') : [];
    // A dispatcher who turned insurance reminders off in their account settings is left out.
    people = await wantingNotification(s.database.db, site.id, people, 'insuranceDue');
    if (people.length) {
      const key = {
        insurance: ['notice.car.insuranceDue', 'notice.car.insuranceOverdue'],
        inspection: ['notice.car.inspectionDue', 'notice.car.inspectionOverdue'],
      } as const;
      await sendSystemNotice(db, site.id, people, {
        text: (l) => ({
          title: t('notice.car.title', l, { count: due.length }),
          content: due
            .map((d) =>
              d.daysLeft < 0
                ? t(key[d.what][1], l, { plate: d.plateNo, days: -d.daysLeft })
                : t(key[d.what][0], l, { plate: d.plateNo, date: d.due }),
            )
            .join(itemsSeparator(l)),
        }),
        at: new Date(s.clock.now()),
        locale,
      });
    }
    return { message: 'job.carDueNoticesDone', params: { cars: new Set(due.map((d) => d.plateNo)).size, people: people.length } };
  },
});

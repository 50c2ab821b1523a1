// Reminders from files (issue 35): `schemas/<area>/<entity>.reminders.json` declares notices about an
// entity's rows — "the day before a leave starts, tell the applicant and their department's head".
// Each reminder is a job of every site (./../../platform/jobs.ts, by its key): on its cadence it
// finds the site's rows it names and sends each row's recipients one system notice (the bell,
// ./send.ts), in each recipient's language, once per row and period — a second run of the same day
// (by hand, or a node that took over a dead one's claim) tells no one again (sys_reminder_sent).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Services } from '../../platform/services.ts';
import { defineJobSource, type Cadence, type JobDef } from '../../platform/jobs.ts';
import type { Site } from '../../platform/sites.ts';
import type { EntityDef, FieldDef } from '../../entities/model.ts';
import { sendSystemNotice, usersWithRole } from './send.ts';
import { siteNow } from '../../../validators/site-time.ts';
import { leaderFrom } from '../workflow/duties.ts';
import { itemsSeparator, moneyText, type Locale } from '../../../validators/locale.ts';
import { wantingNotification, type NotifyKind } from '../account/settings.ts';

export type Recipient = { role: string } | { field: string } | { applicant: true } | { deptLeader: string };

/** A date condition: the date is N days ahead, or (`within`) N days ahead or nearer — and past, unless `overdue: false`. */
export interface DateWhen {
  date: string | string[];
  daysBefore: number;
  within?: boolean;
  overdue?: boolean;
}
/** An i18n key, or one per date field of `when.date`. */
type LineText = string | Record<string, string>;

export interface ReminderDef {
  title: string;
  when?: DateWhen | { state: string; field?: string };
  /** One notice per recipient per run, a line per row (and per date of the row that is due). */
  combine?: boolean;
  line?: LineText;
  /** The line of a date already past (`within`); {days} is then the days since. */
  lineOverdue?: LineText;
  cadence?: Partial<Cadence> & { every: Cadence['every'] };
  where?: Record<string, string | number | boolean | Array<string | number>>;
  notify: Recipient[];
  /** The account switch (settings → notifications) that silences it for a reader who turned it off. */
  switch?: NotifyKind;
  /** The text of a notice of one row (not `combine`). */
  message?: string;
}

type Row = Record<string, unknown>;
const DEFAULT_AT = '08:00';
/** At most this many rows a run tells of (a reminder is a nudge, not a report). */
const ROWS_LIMIT = 500;

/** The reminders a site's files declare, by key, with the entity each reads. */
export function remindersOf(s: Services, site: Site): Array<{ key: string; entity: string; def: ReminderDef }> {
  const out: Array<{ key: string; entity: string; def: ReminderDef }> = [];
  for (const f of s.schemas.forSite(site.key).files) {
    if (f.kind !== 'reminders') continue;
    for (const [key, def] of Object.entries((f.json.reminders ?? {}) as Record<string, ReminderDef | null>))
      if (def) out.push({ key, entity: String(f.json.entity), def });
  }
  return out;
}

const dayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '').slice(0, 10));
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const stored = (f: FieldDef | undefined): f is FieldDef => Boolean(f && !f.inExtend && !f.compute && !f.aggregate && !f.through);

const datesOf = (when: DateWhen) => (Array.isArray(when.date) ? when.date : [when.date]);
/** Whether a date ('YYYY-MM-DD') is due on a run of `today`. */
function dueDay(when: DateWhen, day: string, today: string): boolean {
  if (!day) return false;
  const target = plusDays(today, when.daysBefore);
  if (!when.within) return day === target;
  return day <= target && (when.overdue !== false || day >= today);
}
const daysFrom = (today: string, day: string) => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** The SQL conditions of a reminder on the site's rows for a run on `today`. */
function conditions(entity: EntityDef, def: ReminderDef, site: Site, today: string): RawBuilder<unknown>[] {
  const col = (name: string) => {
    const f = entity.byName.get(name);
    if (!stored(f)) throw new Error(`reminder: ${entity.name}.${name} has no column`);
    return { f, ref: sql.ref(f.column) };
  };
  const out: RawBuilder<unknown>[] = [sql`top_dept_id = ${site.id}`];
  const when = def.when;
  if (when && 'date' in when) {
    const target = plusDays(today, when.daysBefore);
    // Any of its dates; a date-time's day is the site's (stored as an instant).
    const each = datesOf(when).map((name) => {
      const { f, ref } = col(name);
      const day = f.type === 'datetime' ? sql`(${ref} at time zone ${site.timeZone})::date` : ref;
      if (!when.within) return sql`${day} = ${target}::date`;
      return when.overdue === false ? sql`${day} between ${today}::date and ${target}::date` : sql`${day} <= ${target}::date`;
    });
    out.push(sql`(${sql.join(each, sql` or `)})`);
  } else if (when && 'state' in when) {
    const field = when.field ?? entity.states?.field ?? entity.status?.field ?? 'approvalStatus';
    out.push(sql`${col(field).ref} = ${when.state}`);
  }
  for (const [name, value] of Object.entries(def.where ?? {})) {
    const { ref } = col(name);
    const values = Array.isArray(value) ? value : [value];
    out.push(sql`${ref} in (${sql.join(values.map((v) => (typeof v === 'boolean' ? v : String(v))))})`);
  }
  return out;
}

/** A row's value as a reader of `locale` reads it: a dict's label, money with its separators, a day. */
function shown(f: FieldDef | undefined, value: unknown, locale: Locale, labels: Map<string, Map<string, string>>): string {
  if (value === null || value === undefined) return '';
  if (!f) return String(value);
  if (f.type === 'dict') return labels.get(f.dict ?? '')?.get(String(value)) ?? String(value);
  if (f.type === 'money') return moneyText(String(value), locale);
  if (f.type === 'date') return dayText(value);
  if (f.type === 'datetime') return value instanceof Date ? value.toISOString().slice(0, 16).replace('T', ' ') : String(value);
  return String(value);
}

/** Who hears of a row. */
async function recipientsOf(db: Kysely<any>, site: Site, entity: EntityDef, def: ReminderDef, row: Row, roleHolders: Map<string, number[]>) {
  const ids = new Set<number>();
  const valueOf = (name: string) => {
    const f = entity.byName.get(name);
    const v = stored(f) ? row[f.column] : undefined;
    return v === null || v === undefined || v === '' ? null : Number(v);
  };
  for (const who of def.notify) {
    if ('role' in who) {
      if (!roleHolders.has(who.role)) roleHolders.set(who.role, await usersWithRole(db, site.id, who.role));
      for (const id of roleHolders.get(who.role)!) ids.add(id);
    } else if ('field' in who || 'applicant' in who) {
      const id = valueOf('field' in who ? who.field : (entity.dataScope?.owner ?? 'createdBy'));
      if (id !== null) ids.add(id);
    } else if ('deptLeader' in who) {
      const dept = valueOf(who.deptLeader);
      for (const id of await leaderFrom(db, site.id, dept, new Set())) ids.add(id);
    }
  }
  if (!ids.size) return [];
  // Only the site's active users.
  const active = await sql<{ id: number }>`select id from sys_user where top_dept_id = ${site.id} and status = '0'
    and id in (${sql.join([...ids])})`.execute(db);
  const people = active.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  // A reader who turned the reminder's kind off in their account settings is left out, as the
  // modules' notices leave them out (the 'notice' switch, which quiets the bell, applies to all).
  return def.switch ? wantingNotification(db, site.id, people, def.switch) : people;
}

/** Runs one reminder on a site for its day: answers how many rows and people it told. */
export async function runReminder(s: Services, site: Site, key: string, entityName: string, def: ReminderDef, today: string, locale: Locale) {
  const db = s.database.db as unknown as Kysely<any>;
  const schemas = s.schemas.forSite(site.key);
  const entity = schemas.entities.get(entityName);
  if (!entity) throw new Error(`reminder ${key}: no entity ${entityName}`);
  const found = await sql<Row>`select * from ${sql.table(entity.table)} where ${sql.join(conditions(entity, def, site, today), sql` and `)}
    order by id limit ${ROWS_LIMIT}`.execute(db);
  const texts = schemas.texts;
  const say = (textKey: string, l: Locale) => texts[textKey]?.[l] ?? texts[textKey]?.['zh-CN'] ?? textKey;
  const labelsFor = new Map<Locale, Map<string, Map<string, string>>>();
  const labels = async (l: Locale) => {
    if (!labelsFor.has(l)) {
      const dicts = await s.dictionaries.get(site.id, l);
      labelsFor.set(l, new Map([...dicts].map(([type, entries]) => [type, new Map(entries.map((e) => [e.dictValue, e.dictLabel]))])));
    }
    return labelsFor.get(l)!;
  };
  for (const l of ['zh-CN', 'zh-TW', 'en-US', 'pt-BR'] as const) await labels(l);
  const roleHolders = new Map<string, number[]>();
  const dateWhen = def.when && 'date' in def.when ? def.when : undefined;
  const days = dateWhen?.daysBefore ?? 0;
  const valueOf = (row: Row, name: string) => {
    const f = entity.byName.get(name);
    return f?.inExtend ? (row.extend as Row | null)?.[name] : stored(f) ? row[f!.column] : undefined;
  };
  /** The site's day of a date field's value. */
  const dayOf = (row: Row, name: string) => {
    const v = valueOf(row, name);
    if (v === null || v === undefined || v === '') return '';
    if (entity.byName.get(name)?.type === 'datetime') return siteNow(new Date(v as string | Date).getTime(), site.timeZone).day;
    return dayText(v);
  };
  const fill = (template: string, row: Row | null, l: Locale, extra: Record<string, string | number>) =>
    template.replace(/\{(\w+)(?::money)?\}/g, (whole, name: string) => {
      if (name in extra && !entity.byName.has(name)) return String(extra[name]);
      const f = entity.byName.get(name);
      if (!f || !row) return whole;
      return shown(f, valueOf(row, name), l, labelsFor.get(l)!);
    });
  let rows = 0;
  const people = new Set<number>();
  const at = new Date(s.clock.now());

  if (def.combine) {
    // One notice per recipient: a line per row and per due date of it, the nearest date first.
    type Line = { day: string; say: (l: Locale) => string };
    const byUser = new Map<number, Line[]>();
    for (const row of found.rows) {
      const to = await recipientsOf(db, site, entity, def, row, roleHolders);
      if (!to.length) continue;
      const lines: Line[] = [];
      const pick = (text: LineText | undefined, field: string) => (typeof text === 'string' ? text : text?.[field]);
      if (dateWhen) {
        for (const field of datesOf(dateWhen)) {
          const day = dayOf(row, field);
          if (!dueDay(dateWhen, day, today)) continue;
          const left = daysFrom(today, day);
          const key = (left < 0 ? pick(def.lineOverdue, field) : undefined) ?? pick(def.line, field) ?? '';
          lines.push({ day, say: (l) => fill(say(key, l), row, l, { date: day, days: Math.abs(left), daysBefore: days }) });
        }
      } else {
        const key = pick(def.line, '') ?? '';
        lines.push({ day: '', say: (l) => fill(say(key, l), row, l, { daysBefore: days }) });
      }
      if (!lines.length) continue;
      rows++;
      for (const id of to) byUser.set(id, [...(byUser.get(id) ?? []), ...lines]);
    }
    for (const [user, lines] of byUser) {
      lines.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
      await sendSystemNotice(db, site.id, [user], {
        text: (l) => ({
          title: fill(say(def.title, l), null, l, { count: lines.length, daysBefore: days }),
          content: lines.map((line) => line.say(l)).join(itemsSeparator(l)),
        }),
        at,
        locale,
      });
      people.add(user);
    }
    return { rows, people: people.size };
  }

  for (const row of found.rows) {
    const to = await recipientsOf(db, site, entity, def, row, roleHolders);
    if (!to.length) continue;
    // The row's first due date, for {date} and {days}.
    const first = dateWhen ? datesOf(dateWhen).map((f) => dayOf(row, f)).find((d) => dueDay(dateWhen, d, today)) : undefined;
    const extra = { daysBefore: days, ...(first ? { date: first, days: Math.abs(daysFrom(today, first)) } : {}) };
    // Once per row and period, with the notice in one transaction: the first run of the period
    // records it; any later one finds it told.
    const told = await db.transaction().execute(async (trx) => {
      const fresh = await sql`insert into sys_reminder_sent (top_dept_id, reminder_key, row_id, period, sent_at)
        values (${site.id}, ${key}, ${Number(row.id)}, ${today}, ${at}) on conflict do nothing returning 1 as fresh`.execute(trx);
      if (!fresh.rows.length) return false;
      await sendSystemNotice(trx, site.id, to, {
        text: (l) => ({ title: fill(say(def.title, l), row, l, extra), content: fill(say(def.message ?? '', l), row, l, extra) }),
        at,
        locale,
      });
      return true;
    });
    if (!told) continue;
    rows++;
    for (const id of to) people.add(id);
  }
  return { rows, people: people.size };
}

/** Every site's reminders are its jobs, under their keys. */
defineJobSource((s, site): JobDef[] =>
  remindersOf(s, site).map(({ key, entity, def }) => ({
    key,
    title: def.title,
    at: def.cadence?.at ?? DEFAULT_AT,
    cadence: { every: def.cadence?.every ?? 'day', weekday: def.cadence?.weekday, day: def.cadence?.day, at: def.cadence?.at ?? DEFAULT_AT },
    async run(s2, site2, today, locale) {
      const r = await runReminder(s2, site2, key, entity, def, today, locale);
      return { message: 'job.reminderDone', params: { rows: r.rows, people: r.people } };
    },
  })),
);

// Scheduled jobs (issue 14): work a module does by itself at a time of day, per site — the
// contract notices each morning, later the month's depreciation. A module registers its job once
//
//   defineJob({ key: 'contractNotices', title: 'job.contractNotices', at: '07:00', run })
//
// and the scheduler runs it once a day on every site from that time (on each site's clock:
// ./site-time.ts), each run a row of the job log (sys_job_log: started, finished, result or error; in
// Chinese when scheduled, in the language of whoever runs it by hand). An
// administrator runs a job by hand from the job screen (POST /api/monitor/job/run/<key>); a run by
// hand is logged the same way and does not stop the day's scheduled one.
//
// Issue 35: a job may run on a cadence instead — `cadence: { every: 'week', weekday: 1, at }` on its
// weekday (1 Monday … 7 Sunday), `{ every: 'month', day: 31, at }` on that day of the month (the
// month's last day when it has fewer). Jobs may also come from files: a job source
// (`defineJobSource`) answers a site's jobs (the schema reminders, ../modules/notice/reminders.ts).
// Several app nodes: before a scheduled run a node claims it in sys_job_claim — the first insert of
// (site, job, period) wins; the winner renews its lease while it runs and marks the claim finished;
// a claim left unfinished past its lease (its node died) is taken over by the next node that looks.
import { runWithTrail } from './db/trail-context.ts';
import { sql, type Kysely } from 'kysely';
import type { Services } from './services.ts';
import type { Site } from './sites.ts';
import { siteNow } from './site-time.ts';
import { t, type MessageKey } from './messages.ts';
import type { Locale } from '../../validators/locale.ts';

export interface JobResult {
  /** What the run did: a message of the catalogue and its values, written into the log. */
  message: MessageKey;
  params: Record<string, string | number>;
}

export interface JobDef {
  key: string;
  /** i18n key of the job's name. */
  title: string;
  /** Time of day ('HH:mm', on the site's clock) from which the day's run is due. */
  at: string;
  /** When the job runs; default every day from `at`. */
  cadence?: Cadence;
  run(s: Services, site: Site, today: string, locale: Locale): Promise<JobResult>;
}

export interface Cadence {
  every: 'day' | 'week' | 'month';
  /** every week: 1 Monday … 7 Sunday. */
  weekday?: number;
  /** every month: the day of the month (the month's last day when it has fewer). */
  day?: number;
  /** Time of day ('HH:mm', on the site's clock) from which the run is due. */
  at: string;
}

const jobs = new Map<string, JobDef>();
/** Jobs a site has beside the modules' (the schema reminders of its files). */
type JobSource = (s: Services, site: Site) => JobDef[];
const sources: JobSource[] = [];

export function defineJob(job: JobDef) {
  jobs.set(job.key, job);
}

export function defineJobSource(source: JobSource) {
  sources.push(source);
}

export function jobOf(key: string): JobDef | undefined {
  return jobs.get(key);
}

/** A job of a site: a module's, or one its files declare. */
export function siteJobOf(s: Services, site: Site, key: string): JobDef | undefined {
  return jobs.get(key) ?? siteJobs(s, site).find((j) => j.key === key);
}

export function jobKeys(): string[] {
  return [...jobs.keys()];
}

/** Every job of a site: the modules' and its sources'. */
export function siteJobs(s: Services, site: Site): JobDef[] {
  return [...jobs.values(), ...sources.flatMap((source) => source(s, site))];
}

/** Whether a cadence runs on a day ('YYYY-MM-DD', the site's). */
export function dueOn(cadence: Cadence, day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  if (cadence.every === 'week') return (date.getUTCDay() || 7) === (cadence.weekday ?? 1);
  if (cadence.every === 'month') {
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    return date.getUTCDate() === Math.min(cadence.day ?? 1, last);
  }
  return true;
}

/** How long a claim holds without its node renewing it. */
export const LEASE_MS = 10 * 60_000;
const nodes = new WeakMap<object, string>();
/** This app node's name in the claims (one per built app: two apps in one process are two nodes). */
function nodeOf(s: Services): string {
  let node = nodes.get(s);
  if (!node) nodes.set(s, (node = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`));
  return node;
}

/**
 * Claims a site's run of a job for a period: true for the one node that may run it — the first to
 * insert the claim, or one taking over a claim whose lease ran out before it finished.
 */
export async function claimRun(s: Services, siteId: number, jobKey: string, period: string): Promise<boolean> {
  const now = new Date(s.clock.now());
  const until = new Date(s.clock.now() + LEASE_MS);
  const node = nodeOf(s);
  const inserted = await sql`insert into sys_job_claim (top_dept_id, job_key, period, node, claimed_at, lease_until)
    values (${siteId}, ${jobKey}, ${period}, ${node}, ${now}, ${until})
    on conflict do nothing returning 1 as won`.execute(s.database.db);
  if (inserted.rows.length) return true;
  // One statement: of two nodes taking over the same stale claim, the second finds it renewed.
  const taken = await sql`update sys_job_claim set node = ${node}, claimed_at = ${now}, lease_until = ${until}
    where top_dept_id = ${siteId} and job_key = ${jobKey} and period = ${period}
      and finished_at is null and lease_until < ${now}
    returning 1 as won`.execute(s.database.db);
  return taken.rows.length > 0;
}

/** Runs a claimed run, renewing the lease while it lasts and marking the claim finished after. */
async function runClaimed(s: Services, job: JobDef, site: Site, period: string) {
  const node = nodeOf(s);
  const where = sql`top_dept_id = ${site.id} and job_key = ${job.key} and period = ${period} and node = ${node}`;
  const heartbeat = setInterval(() => {
    void sql`update sys_job_claim set lease_until = ${new Date(s.clock.now() + LEASE_MS)} where ${where}`
      .execute(s.database.db)
      .catch(() => undefined);
  }, LEASE_MS / 3);
  heartbeat.unref();
  try {
    await runJob(s, job, site, 'schedule', null);
  } finally {
    clearInterval(heartbeat);
    await sql`update sys_job_claim set finished_at = ${new Date(s.clock.now())} where ${where}`.execute(s.database.db);
  }
}

/** Runs a job on a site now and logs the run; answers the log row. */
export async function runJob(
  s: Services,
  job: JobDef,
  site: Site,
  trigger: 'schedule' | 'hand',
  userId: number | null,
  locale: Locale = 'zh-CN',
) {
  const db = s.database.db as unknown as Kysely<any>;
  const started = new Date(s.clock.now());
  const { day } = siteNow(s.clock.now(), site.timeZone);
  let status = '0';
  let result: string;
  // What a job did, to be said again in each reader's language (the job log reads it so).
  let said: JobResult | null = null;
  try {
    // Its writes are the job's in the audit trail (issue 36), by whoever started it by hand.
    const done = await runWithTrail(
      () => ({ siteId: site.id, ...(userId ? { actorId: userId } : {}), action: `job ${job.key}` }),
      () => job.run(s, site, day, locale),
    );
    result = t(done.message, locale, done.params);
    said = done;
  } catch (err) {
    status = '1';
    result = err instanceof Error ? err.message.slice(0, 500) : String(err);
  }
  return db
    .insertInto('sys_job_log')
    .values({
      top_dept_id: site.id,
      job_key: job.key,
      run_day: day,
      trigger_kind: trigger,
      job_status: status,
      result,
      result_message: said ? JSON.stringify({ message: said.message, params: said.params ?? {} }) : null,
      started_at: started,
      finished_at: new Date(s.clock.now()),
      created_by: userId,
      created_at: started,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Runs what is due: each job once per site on each day its cadence names, from its time on — on one
 * node of however many look at the same time (the claim).
 */
export async function runDueJobs(s: Services): Promise<number> {
  let ran = 0;
  for (const site of await s.sites.all()) {
    // Each site's own day and time of day.
    const { day, time } = siteNow(s.clock.now(), site.timeZone);
    for (const job of siteJobs(s, site)) {
      const cadence = job.cadence ?? { every: 'day', at: job.at };
      if (time < cadence.at || !dueOn(cadence, day)) continue;
      // A run logged before claims existed (the day of the upgrade) counts as done.
      const done = await sql`select 1 from sys_job_log where top_dept_id = ${site.id} and job_key = ${job.key}
        and run_day = ${day} and trigger_kind = 'schedule' limit 1`.execute(s.database.db);
      if (done.rows.length) continue;
      if (!(await claimRun(s, site.id, job.key, day))) continue;
      await runClaimed(s, job, site, day);
      ran++;
    }
  }
  return ran;
}

/** Looks for due jobs every minute until stopped (the server's start; tests run jobs by hand). */
export function startScheduler(s: Services): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runDueJobs(s)
      .catch((err) => console.error('scheduled jobs:', err instanceof Error ? err.message : err))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, 60_000);
  timer.unref();
  setTimeout(tick, 5_000).unref();
  return () => clearInterval(timer);
}

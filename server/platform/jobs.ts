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
import { sql, type Kysely } from 'kysely';
import type { Services } from '../app.ts';
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
  run(s: Services, site: Site, today: string, locale: Locale): Promise<JobResult>;
}

const jobs = new Map<string, JobDef>();

export function defineJob(job: JobDef) {
  jobs.set(job.key, job);
}

export function jobOf(key: string): JobDef | undefined {
  return jobs.get(key);
}

export function jobKeys(): string[] {
  return [...jobs.keys()];
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
    const done = await job.run(s, site, day, locale);
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

/** Runs what is due: each job once a day per site, from its time on. */
export async function runDueJobs(s: Services): Promise<number> {
  let ran = 0;
  for (const job of jobs.values()) {
    for (const site of await s.sites.all()) {
      // Each site's own day and time of day.
      const { day, time } = siteNow(s.clock.now(), site.timeZone);
      if (time < job.at) continue;
      const done = await sql`select 1 from sys_job_log where top_dept_id = ${site.id} and job_key = ${job.key}
        and run_day = ${day} and trigger_kind = 'schedule' limit 1`.execute(s.database.db);
      if (done.rows.length) continue;
      await runJob(s, job, site, 'schedule', null);
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

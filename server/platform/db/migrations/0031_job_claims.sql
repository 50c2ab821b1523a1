-- Scheduled jobs on several app nodes (issues 35 and 37). Before a node runs a site's job for a
-- period it claims the run here: the first insert of (site, job, period) wins, the others see the
-- row and leave it. The claimer renews `lease_until` while it runs (a heartbeat) and sets
-- `finished_at` when done; a claim whose lease ran out unfinished (its node died) is taken over by
-- the next node that looks (server/platform/jobs.ts).
create table if not exists sys_job_claim (
  top_dept_id   bigint       not null,
  job_key       varchar(64)  not null,
  period        varchar(10)  not null,
  node          varchar(64)  not null,
  claimed_at    timestamptz  not null,
  lease_until   timestamptz  not null,
  finished_at   timestamptz,
  primary key (top_dept_id, job_key, period)
);

-- What a schema reminder has told (server/platform/reminders.ts): one row per reminder, row and
-- period, so a second run of the same period tells no one again.
create table if not exists sys_reminder_sent (
  top_dept_id   bigint       not null,
  reminder_key  varchar(64)  not null,
  row_id        bigint       not null,
  period        varchar(10)  not null,
  sent_at       timestamptz  not null,
  primary key (top_dept_id, reminder_key, row_id, period)
);

-- The account pages (issue 18): a user's own settings beside their account row — the profile text,
-- the layout and language preferences applied at sign-in on any browser, and which kinds of
-- notification they want — and when each session was last seen, for the sessions list.
create table sys_user_setting (
  user_id      bigint primary key references sys_user (id) on delete cascade,
  top_dept_id  bigint not null,
  profile      varchar(300),
  layout       jsonb not null default '{}'::jsonb,
  notify       jsonb not null default '{}'::jsonb,
  updated_at   timestamptz not null default now()
);
alter table sys_session add column last_seen_at timestamptz;
create index sys_oper_log_user on sys_oper_log (user_id, created_at desc);

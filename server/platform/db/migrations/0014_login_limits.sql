-- Sign-in limits (issue 13). A lock by account name alone let anyone lock any account, the
-- administrator's included: failures now count per account name *and* address, so an attacker
-- locks only their own pair. Attempts are also counted per address and per site in fixed windows
-- (sys_rate_window), shared by every app node, so a flood is refused with Retry-After.
alter table sys_login_attempt add column ip varchar(64) not null default '';
alter table sys_login_attempt drop constraint sys_login_attempt_pkey;
alter table sys_login_attempt add primary key (top_dept_id, login_name, ip);

create table sys_rate_window (
  scope         varchar(32) not null,
  subject       varchar(128) not null,
  window_start  timestamptz not null,
  hits          integer not null,
  primary key (scope, subject, window_start)
);
create index sys_rate_window_start on sys_rate_window (window_start);

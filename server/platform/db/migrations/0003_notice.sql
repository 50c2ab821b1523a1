-- Notices (DOMAIN.md "Notices"): a notice and its recipients. A notice is edited only as a draft;
-- sending copies what a recipient reads (type, title, content, attachments) onto one row per
-- recipient, so reading never joins back and a later change of the range changes nothing sent.

create table sys_notice (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  type            varchar(10) not null,
  title           varchar(50) not null,
  content         varchar(300) not null,
  range_type      varchar(20) not null default '0',
  dept_ids        jsonb not null default '[]'::jsonb,
  role_ids        jsonb not null default '[]'::jsonb,
  user_ids        jsonb not null default '[]'::jsonb,
  status          char(1) not null default '0',
  sent_at         timestamptz,
  recipients      integer not null default 0,
  extend          jsonb not null default '{}'::jsonb,
  schema_version  varchar(32),
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  version         integer not null default 0
);
create index sys_notice_site on sys_notice (top_dept_id, created_at desc);

create table sys_notice_user_rel (
  id           bigserial primary key,
  top_dept_id  bigint not null references sys_dept (id),
  notice_id    bigint not null references sys_notice (id) on delete cascade,
  user_id      bigint not null references sys_user (id) on delete cascade,
  type         varchar(10) not null,
  title        varchar(50) not null,
  content      varchar(300) not null,
  extend       jsonb not null default '{}'::jsonb,
  read_flag    char(1) not null default '0',
  read_at      timestamptz,
  created_at   timestamptz not null default now(),
  unique (notice_id, user_id)
);
create index sys_notice_user_rel_unread on sys_notice_user_rel (user_id, read_flag, created_at desc);

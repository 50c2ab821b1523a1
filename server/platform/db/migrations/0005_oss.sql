-- File storage configurations (RuoYi-Vue-Pro's file configs): several per site, local disk or an
-- S3-compatible bucket; the master one is where new uploads go. The secret key is never sent back.

create table sys_oss_config (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  name            varchar(64) not null,
  storage         varchar(10) not null default 'local',
  endpoint        varchar(255),
  region          varchar(64),
  bucket          varchar(128),
  access_key      varchar(128),
  secret_key      varchar(256),
  path_style      boolean not null default true,
  public_url      varchar(255),
  master          boolean not null default false,
  remark          varchar(500),
  extend          jsonb not null default '{}'::jsonb,
  schema_version  varchar(32),
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  version         integer not null default 0
);
create index sys_oss_config_site on sys_oss_config (top_dept_id, created_at desc);
-- At most one master per site.
create unique index sys_oss_config_master on sys_oss_config (top_dept_id) where master;

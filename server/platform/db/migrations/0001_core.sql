-- Core platform tables: organisations (department trees), people, roles, menus, dictionaries,
-- site config, sessions and the two logs. Every row that belongs to an organisation carries
-- top_dept_id, the id of its top department (the site); no query crosses it.

create table sys_dept (
  id              bigserial primary key,
  top_dept_id     bigint not null,
  parent_id       bigint not null default 0,
  ancestors       text not null default '',
  dept_name       varchar(100) not null,
  top_dept_key    varchar(64) unique,
  order_num       integer not null default 0,
  leader_user_id  bigint,
  phone           varchar(32),
  email           varchar(100),
  status          char(1) not null default '0',
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  created_by      bigint,
  updated_by      bigint,
  version         integer not null default 0
);
create index sys_dept_top on sys_dept (top_dept_id, parent_id);

create table sys_dept_base (
  top_dept_id  bigint primary key references sys_dept (id),
  icon         text,
  login_title  varchar(100),
  login_logo   text,
  nav_title    varchar(100),
  nav_logo     text,
  label        varchar(100),
  extend       jsonb not null default '{}'::jsonb,
  updated_at   timestamptz not null default now(),
  updated_by   bigint,
  version      integer not null default 0
);

create table sys_user (
  id                   bigserial primary key,
  top_dept_id          bigint not null references sys_dept (id),
  dept_id              bigint references sys_dept (id),
  login_name           varchar(64) not null,
  password_hash        text not null,
  real_name            varchar(64) not null,
  nick_name            varchar(64),
  avatar               text,
  phone                varchar(32),
  email                varchar(100),
  sex                  char(1) not null default '2',
  status               char(1) not null default '0',
  re_password          boolean not null default false,
  password_changed_at  timestamptz not null default now(),
  remark               varchar(500),
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now(),
  created_by           bigint,
  updated_by           bigint,
  version              integer not null default 0,
  unique (top_dept_id, login_name)
);
create index sys_user_dept on sys_user (top_dept_id, dept_id);

create table sys_role (
  id           bigserial primary key,
  top_dept_id  bigint not null references sys_dept (id),
  role_name    varchar(64) not null,
  role_key     varchar(64) not null,
  role_sort    integer not null default 0,
  data_scope   char(1) not null default '1',
  status       char(1) not null default '0',
  todo_home    boolean not null default false,
  remark       varchar(500),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  created_by   bigint,
  updated_by   bigint,
  version      integer not null default 0,
  unique (top_dept_id, role_key)
);

create table sys_user_role (
  user_id  bigint not null references sys_user (id) on delete cascade,
  role_id  bigint not null references sys_role (id) on delete cascade,
  primary key (user_id, role_id)
);

create table sys_role_dept (
  role_id  bigint not null references sys_role (id) on delete cascade,
  dept_id  bigint not null references sys_dept (id) on delete cascade,
  primary key (role_id, dept_id)
);

create table sys_menu (
  id               bigserial primary key,
  top_dept_id      bigint not null references sys_dept (id),
  parent_id        bigint not null default 0,
  menu_key         varchar(100) not null,
  menu_name        varchar(64) not null,
  i18n             jsonb not null default '{}'::jsonb,
  menu_type        char(1) not null default 'C',
  path             varchar(200),
  component        varchar(100),
  redirect         varchar(200),
  target           varchar(20),
  icon             varchar(100),
  visible          char(1) not null default '0',
  hidden_children  boolean not null default false,
  hidden_header    boolean not null default false,
  perms            varchar(100),
  order_num        integer not null default 0,
  status           char(1) not null default '0',
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  created_by       bigint,
  updated_by       bigint,
  version          integer not null default 0,
  unique (top_dept_id, menu_key)
);

create table sys_role_menu (
  role_id  bigint not null references sys_role (id) on delete cascade,
  menu_id  bigint not null references sys_menu (id) on delete cascade,
  primary key (role_id, menu_id)
);

create table sys_dict_type (
  id           bigserial primary key,
  top_dept_id  bigint not null references sys_dept (id),
  dict_name    varchar(100) not null,
  dict_type    varchar(100) not null,
  i18n         jsonb not null default '{}'::jsonb,
  status       char(1) not null default '0',
  remark       varchar(500),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  created_by   bigint,
  updated_by   bigint,
  version      integer not null default 0,
  unique (top_dept_id, dict_type)
);

create table sys_dict_data (
  id           bigserial primary key,
  top_dept_id  bigint not null references sys_dept (id),
  dict_type    varchar(100) not null,
  dict_label   varchar(100) not null,
  dict_value   varchar(100) not null,
  i18n         jsonb not null default '{}'::jsonb,
  dict_sort    integer not null default 0,
  css_class    varchar(100),
  list_class   varchar(100),
  is_default   char(1) not null default 'N',
  status       char(1) not null default '0',
  remark       varchar(500),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  created_by   bigint,
  updated_by   bigint,
  version      integer not null default 0,
  unique (top_dept_id, dict_type, dict_value)
);

create table sys_config (
  id            bigserial primary key,
  top_dept_id   bigint not null references sys_dept (id),
  config_name   varchar(100) not null,
  config_key    varchar(100) not null,
  config_value  text not null default '',
  config_type   char(1) not null default 'Y',
  remark        varchar(500),
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  created_by    bigint,
  updated_by    bigint,
  version       integer not null default 0,
  unique (top_dept_id, config_key)
);

create table sys_session (
  token_hash   varchar(64) primary key,
  user_id      bigint not null references sys_user (id) on delete cascade,
  top_dept_id  bigint not null,
  created_at   timestamptz not null,
  expires_at   timestamptz not null,
  revoked_at   timestamptz,
  ip           varchar(64),
  user_agent   varchar(500)
);
create index sys_session_user on sys_session (user_id);

create table sys_login_attempt (
  top_dept_id     bigint not null,
  login_name      varchar(64) not null,
  fail_count      integer not null default 0,
  locked_until    timestamptz,
  last_failed_at  timestamptz,
  primary key (top_dept_id, login_name)
);

create table sys_captcha (
  captcha_key  varchar(64) primary key,
  top_dept_id  bigint not null,
  code_hash    varchar(64) not null,
  expires_at   timestamptz not null
);

create table sys_login_log (
  id           bigserial primary key,
  top_dept_id  bigint not null,
  user_id      bigint,
  login_name   varchar(64) not null,
  ip           varchar(64),
  user_agent   varchar(500),
  result       varchar(20) not null,
  msg          varchar(200),
  created_at   timestamptz not null default now()
);
create index sys_login_log_site on sys_login_log (top_dept_id, created_at desc);

create table sys_oper_log (
  id           bigserial primary key,
  top_dept_id  bigint not null,
  module       varchar(64) not null,
  action       varchar(32) not null,
  entity_id    varchar(64),
  user_id      bigint,
  dept_id      bigint,
  ip           varchar(64),
  url          varchar(500),
  method       varchar(10),
  params       jsonb,
  result       char(1) not null default '0',
  error        text,
  duration_ms  integer,
  created_at   timestamptz not null default now()
);
create index sys_oper_log_site on sys_oper_log (top_dept_id, created_at desc);

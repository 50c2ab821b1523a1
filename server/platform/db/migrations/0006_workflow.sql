-- Workflow (issue 6): models drawn in the designer, deployed definitions (immutable versions),
-- running instances with the engine's saved state, tasks with their candidates, the history of
-- every step, and which process each document type goes through per site.

create table wf_model (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  model_key       varchar(64) not null,
  name            varchar(100) not null,
  category        varchar(50),
  description     varchar(500),
  bpmn_xml        text,
  deployed_version integer,
  extend          jsonb not null default '{}'::jsonb,
  schema_version  varchar(32),
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  version         integer not null default 0,
  unique (top_dept_id, model_key)
);

create table wf_definition (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  process_key     varchar(64) not null,
  name            varchar(100) not null,
  def_version     integer not null,
  bpmn_xml        text not null,
  nodes           jsonb not null default '{}'::jsonb,
  model_id        bigint,
  suspended       char(1) not null default '0',
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  version         integer not null default 0,
  unique (top_dept_id, process_key, def_version)
);

create table wf_instance (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  definition_id   bigint not null references wf_definition (id),
  process_key     varchar(64) not null,
  def_version     integer not null,
  entity          varchar(64) not null,
  business_key    bigint not null,
  title           varchar(200) not null,
  starter_id      bigint not null,
  starter_dept_id bigint,
  status          varchar(12) not null default 'running',
  ended           boolean not null default false,
  current_nodes   varchar(300),
  engine_state    jsonb,
  variables       jsonb not null default '{}'::jsonb,
  ended_at        timestamptz,
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  version         integer not null default 0
);
create index wf_instance_business on wf_instance (top_dept_id, entity, business_key);
create index wf_instance_running on wf_instance (top_dept_id, ended, created_at desc);

create table wf_task (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  instance_id     bigint not null references wf_instance (id) on delete cascade,
  element_id      varchar(64) not null,
  name            varchar(100) not null,
  candidate_ids   jsonb not null default '[]'::jsonb,
  status          char(1) not null default '0',
  decision        varchar(12),
  comment         varchar(500),
  completed_by    bigint,
  completed_at    timestamptz,
  entity          varchar(64) not null,
  business_key    bigint not null,
  title           varchar(200) not null,
  starter_id      bigint not null,
  created_at      timestamptz not null default now()
);
create index wf_task_open on wf_task (top_dept_id, status, created_at desc);
create index wf_task_instance on wf_task (instance_id);

create table wf_history (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  instance_id     bigint not null references wf_instance (id) on delete cascade,
  task_id         bigint,
  node_name       varchar(100) not null,
  user_id         bigint,
  user_name       varchar(64),
  decision        varchar(12) not null,
  comment         varchar(500),
  created_at      timestamptz not null default now()
);
create index wf_history_instance on wf_history (instance_id, id);

create table wf_binding (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  entity          varchar(64) not null,
  process_key     varchar(64) not null,
  remark          varchar(500),
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  version         integer not null default 0,
  unique (top_dept_id, entity)
);

-- Approval chains (issue 33): why each step is there (a text key and the values it names, worked
-- out when the step opened), and the people a step copies (抄送) — told, able to read the document,
-- never to decide it: their "copied to me" list.
alter table wf_task add column if not exists reason jsonb;

create table if not exists wf_copy (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  instance_id     bigint not null references wf_instance (id) on delete cascade,
  process_key     varchar(64) not null,
  element_id      varchar(64) not null,
  name            varchar(100) not null,
  user_id         bigint not null,
  entity          varchar(64) not null,
  business_key    bigint not null,
  title           varchar(200) not null,
  starter_id      bigint not null,
  read_flag       char(1) not null default '0',
  created_at      timestamptz not null default now()
);
create index if not exists wf_copy_user on wf_copy (top_dept_id, user_id, created_at desc);
create index if not exists wf_copy_document on wf_copy (top_dept_id, entity, business_key);
create index if not exists wf_copy_instance on wf_copy (instance_id);

-- Document features of the schema runtime (issue 14).
--
-- What each document still holds on each indicator (budget effects: a freeze adds, an unfreeze or a
-- consumption takes away), so that "release what this document holds" is one keyed read, not a
-- scan of the journal.
create table nk_budget_hold (
  top_dept_id  bigint not null,
  source_type  varchar(40) not null,
  source_id    bigint not null,
  budget_id    bigint not null references nk_budget (id),
  amount       numeric(18,2) not null check (amount >= 0),
  primary key (source_type, source_id, budget_id)
);

-- Document numbers by a per-site rule (a field's `sequence`, e.g. SQ-{yyyy}-{0000}): the last number
-- given per site, rule key and period; one row lock serialises concurrent saves.
create table sys_sequence (
  top_dept_id  bigint not null,
  seq_key      varchar(80) not null,
  period       varchar(16) not null,
  last_value   bigint not null,
  primary key (top_dept_id, seq_key, period)
);

-- The history of every business-state transition of a document (an entity's `states`): who took
-- which action from which state to which, and when.
create table sys_state_history (
  id           bigserial primary key,
  top_dept_id  bigint not null,
  entity       varchar(60) not null,
  doc_id       bigint not null,
  action       varchar(40) not null,
  from_state   varchar(40),
  to_state     varchar(40) not null,
  user_id      bigint,
  created_at   timestamptz not null
);
create index sys_state_history_doc on sys_state_history (entity, doc_id, id);

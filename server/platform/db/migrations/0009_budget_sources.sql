-- External budget sources (issue 7): projects imported from the district's project system
-- (hdProject). The district cannot be reached from here, so its projects arrive as a file or JSON
-- (server/modules/budget/sources, docs/budget-sources.md) and are kept per site; a link from the
-- district names a project by the district's own id (project_id).

create table nk_hd_project (
  id              bigserial primary key,
  top_dept_id     bigint not null references sys_dept (id),
  project_id      varchar(64) not null,
  project_code    varchar(64),
  project_name    varchar(200) not null,
  bill_type       varchar(32),
  dept_name       varchar(100),
  dept_id         bigint,
  amount          numeric(18,2),
  budget_year     varchar(8),
  start_date      date,
  end_date        date,
  content         varchar(2000),
  extra           jsonb not null default '{}'::jsonb,
  source          varchar(32) not null,
  created_by      bigint,
  created_at      timestamptz not null default now(),
  updated_by      bigint,
  updated_at      timestamptz not null default now(),
  unique (top_dept_id, project_id)
);

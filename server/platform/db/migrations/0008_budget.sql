-- Budgets (issue 7): indicators with their balances, the journal of every balance change, and the
-- lines of adjustment applications. The balance identity of DOMAIN.md is a check constraint as
-- well as the ledger's conditional update: no caller, however many at once, takes `available`
-- below zero (server/modules/budget/ledger.ts).

create table nk_budget (
  id                      bigserial primary key,
  top_dept_id             bigint not null references sys_dept (id),
  budget_year             varchar(8) not null,
  limit_code              varchar(50) not null,
  budget_name             varchar(100) not null,
  parent_id               bigint not null default 0,
  dept_id                 bigint,
  project_name            varchar(100),
  expense_type            varchar(8) not null,
  functional_class        varchar(50),
  economic_class          varchar(16),
  fund_source             varchar(8),
  financial_account_name  varchar(100),
  major_flag              varchar(1) not null default '0',
  original_amount         numeric(18,2) not null default 0,
  adjusted_amount         numeric(18,2) not null default 0,
  adjust_frozen           numeric(18,2) not null default 0,
  frozen_amount           numeric(18,2) not null default 0,
  used_amount             numeric(18,2) not null default 0,
  paid_amount             numeric(18,2) not null default 0,
  available_amount        numeric(18,2) generated always as (adjusted_amount - adjust_frozen - frozen_amount - used_amount) stored,
  execution_rate          numeric(9,2) generated always as (
    case when adjusted_amount > 0 then round(used_amount * 100 / adjusted_amount, 2) else 0 end
  ) stored,
  sort_no                 integer not null default 0,
  remark                  varchar(500),
  extend                  jsonb not null default '{}'::jsonb,
  schema_version          varchar(32),
  version                 integer not null default 0,
  created_by              bigint,
  created_at              timestamptz not null default now(),
  updated_by              bigint,
  updated_at              timestamptz not null default now(),
  constraint nk_budget_available check (adjusted_amount - adjust_frozen - frozen_amount - used_amount >= 0),
  constraint nk_budget_balances check (
    adjust_frozen >= 0 and frozen_amount >= 0 and used_amount >= 0 and paid_amount >= 0 and paid_amount <= used_amount
  )
);
create unique index nk_budget_limit_code on nk_budget (top_dept_id, budget_year, limit_code);
create index nk_budget_year_dept on nk_budget (top_dept_id, budget_year, dept_id);

create table nk_budget_journal (
  id              bigserial primary key,
  top_dept_id     bigint not null,
  budget_id       bigint not null references nk_budget (id),
  budget_year     varchar(8) not null,
  kind            varchar(16) not null,
  amount          numeric(18,2) not null,
  source_type     varchar(40) not null,
  source_id       bigint,
  note            varchar(200),
  adjusted_after  numeric(18,2) not null,
  adjust_frozen_after numeric(18,2) not null,
  frozen_after    numeric(18,2) not null,
  used_after      numeric(18,2) not null,
  paid_after      numeric(18,2) not null,
  created_by      bigint,
  created_at      timestamptz not null default now()
);
create index nk_budget_journal_budget on nk_budget_journal (budget_id, id);
create index nk_budget_journal_year on nk_budget_journal (top_dept_id, budget_year, kind, created_at);
create index nk_budget_journal_source on nk_budget_journal (source_type, source_id);

create table nk_budget_adjust_detail (
  id              bigserial primary key,
  top_dept_id     bigint not null,
  apply_id        bigint not null,
  budget_id       bigint not null references nk_budget (id),
  amount          numeric(18,2) not null,
  remark          varchar(200),
  created_at      timestamptz not null default now()
);
create index nk_budget_adjust_detail_apply on nk_budget_adjust_detail (apply_id);
create index nk_budget_adjust_detail_budget on nk_budget_adjust_detail (budget_id);

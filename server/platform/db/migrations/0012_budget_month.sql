-- What each indicator used and paid per month, kept by the ledger in the same transaction as the
-- journal row: the monthly progress (home dashboard, /neikong/budget/progre) reads at most twelve
-- rows per indicator instead of summing a year's journal (a million rows at a large site).
create table nk_budget_month (
  budget_id    bigint not null references nk_budget (id),
  month        smallint not null check (month between 1 and 12),
  top_dept_id  bigint not null,
  budget_year  varchar(8) not null,
  used         numeric(18,2) not null default 0,
  paid         numeric(18,2) not null default 0,
  primary key (budget_id, month)
);
create index nk_budget_month_year on nk_budget_month (top_dept_id, budget_year, month);

-- Databases made before: the months so far, from the journal.
insert into nk_budget_month (budget_id, month, top_dept_id, budget_year, used, paid)
select budget_id, extract(month from created_at)::smallint, top_dept_id, budget_year,
       coalesce(sum(amount) filter (where kind = 'consume'), 0), coalesce(sum(amount) filter (where kind = 'pay'), 0)
from nk_budget_journal where kind in ('consume', 'pay')
group by budget_id, extract(month from created_at), top_dept_id, budget_year;

-- A document's hold on an indicator (issue 15): what it drew from another document's hold (a
-- reimbursement from its application's freeze), so that a rejected reimbursement gives the drawn part
-- back to the application and only the excess back to the indicator; and what an approval made used,
-- so that the payment pays exactly that.
alter table nk_budget_hold add column origin_type varchar(40);
alter table nk_budget_hold add column origin_id bigint;
alter table nk_budget_hold add column drawn numeric(18,2) not null default 0 check (drawn >= 0);
alter table nk_budget_hold add column used numeric(18,2) not null default 0 check (used >= 0);

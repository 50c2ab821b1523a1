-- Indexes the budget bench (bench/budget.ts: ~2 000 indicators, 1 000 000 journal rows) showed missing.

-- Money is spent from leaf indicators only: every ledger change (server/modules/budget/ledger.ts),
-- the pickers and the adjustment rules ask whether an indicator has children. Without an index on
-- parent_id each of those is a scan of the whole table, inside the freeze's row lock.
create index nk_budget_parent on nk_budget (parent_id);

-- The indicator list's default order (sort number, then id) within a site's year, and its count:
-- read from the index instead of scanning and sorting the year's indicators.
create index nk_budget_sort on nk_budget (top_dept_id, budget_year, sort_no, id);

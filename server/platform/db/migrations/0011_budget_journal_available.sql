-- The journal's "available after" as a column of its own, so the journal screen (an entity over
-- nk_budget_journal) can show and sort it like any other field.
alter table nk_budget_journal add column available_after numeric(18,2)
  generated always as (adjusted_after - adjust_frozen_after - frozen_after - used_after) stored;

-- Every freeze, spend and payment writes a journal row, and each index of the journal is one more
-- write on the hottest path (the hot-indicator bench). Two of migration 0008's indexes have no reader
-- any more: the monthly progress reads nk_budget_month (0012), and nothing looks movements up by
-- their source document. The journal keeps its key and (budget_id, id), which the indicator's
-- movements screen and the page's newest-first order use.
drop index if exists nk_budget_journal_year;
drop index if exists nk_budget_journal_source;

-- One clock, the site's (issue 32): a date-time typed without an offset was read in the database
-- session's zone (UTC on the embedded database, the server's own on PostgreSQL); it is the site's
-- wall time (server/platform/site-time.ts). The stored instants that people typed move to what was
-- meant: the wall clock they were read as, read again on the site's clock. Where the session's zone
-- was the site's already (a PostgreSQL server in China), nothing moves. Tables made from the schemas
-- are created after migrations: one that does not exist yet has nothing to move.
do $$
declare
  target record;
begin
  for target in
    select * from (values
      ('biz_venue_booking', 'start_time'), ('biz_venue_booking', 'end_time'),
      ('car_apply', 'start_time'), ('car_apply', 'end_time'), ('car_apply', 'depart_time'), ('car_apply', 'return_time'),
      ('biz_seal_apply', 'return_by')
    ) as t(tbl, col)
  loop
    if exists (select 1 from information_schema.columns c
               where c.table_schema = current_schema() and c.table_name = target.tbl and c.column_name = target.col) then
      execute format(
        'update %I t set %I = (t.%I at time zone current_setting(''TimeZone'')) at time zone coalesce(
           (select z.config_value from sys_config z where z.top_dept_id = t.top_dept_id and z.config_key = ''sys.timeZone''),
           ''Asia/Shanghai'') where t.%I is not null',
        target.tbl, target.col, target.col, target.col);
    end if;
  end loop;
end
$$;

-- The spending per month (nk_budget_month, migration 0012) was counted on the server's clock: again,
-- on each site's, from the journal.
delete from nk_budget_month;
insert into nk_budget_month (budget_id, month, top_dept_id, budget_year, used, paid)
select j.budget_id, j.month, j.top_dept_id, j.budget_year,
       coalesce(sum(j.amount) filter (where j.kind = 'consume'), 0), coalesce(sum(j.amount) filter (where j.kind = 'pay'), 0)
from (
  select budget_id, top_dept_id, budget_year, kind, amount,
         extract(month from created_at at time zone coalesce(
           (select z.config_value from sys_config z where z.top_dept_id = nk_budget_journal.top_dept_id
              and z.config_key = 'sys.timeZone'), 'Asia/Shanghai'))::smallint as month
  from nk_budget_journal where kind in ('consume', 'pay')
) j
group by j.budget_id, j.month, j.top_dept_id, j.budget_year;

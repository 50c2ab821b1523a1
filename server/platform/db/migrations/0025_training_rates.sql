-- Training ceilings by the official table (issue 32): 财行〔2016〕540号 第九条 sets the per-person-day
-- 综合定额 at 760 (一类), 650 (二类) and 550 (三类). Sites were seeded with 550, 450 and 350; a rate
-- still at its old seeded figure is brought to the table's, a rate a site set itself stays. The
-- standards' table is made from schemas/expense/expenseStandard.entity.json after migrations: on a
-- database without it there is nothing to move.
do $$
begin
  if to_regclass('exp_standard') is not null then
    update exp_standard set amount = 760.00 where kind = '5' and region = '*' and grade = '1' and amount = 550.00;
    update exp_standard set amount = 650.00 where kind = '5' and region = '*' and grade = '2' and amount = 450.00;
    update exp_standard set amount = 550.00 where kind = '5' and region = '*' and grade = '3' and amount = 350.00;
  end if;
end
$$;

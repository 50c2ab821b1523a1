-- Asset categories by the official depreciation table (issue 32; 《政府会计准则第3号——固定资产》应用指南,
-- 财会〔2017〕4号, 表1): a category's life is empty when it has none of its own (its cards take the life
-- of the nearest category above that has one), 0 only for kinds never depreciated (heritage, books).
-- The seeded categories a site has not changed since take the release's figures: the parents that span
-- several rows of the table (房屋和构筑物, 设备, 家具和用具) no longer say 0 (never depreciated), 计算机设备及软件
-- and 医疗设备 get their rows' lives, and 投影仪 (office equipment, at least 6 years) and 计算机软件 (under
-- computer equipment, at least 6 years) 72 months instead of 60. A value a site set itself stays.
-- Tables made from the schemas are created after migrations: on a new database there is nothing to do.
do $$
begin
  if to_regclass('as_category') is not null then
    alter table as_category alter column life_months drop default;
    update as_category set life_months = null where category_code in ('A01', 'A02', 'A06') and life_months = 0;
    update as_category set life_months = 72 where category_code = 'A0201' and life_months = 0;
    update as_category set life_months = 60 where category_code = 'A0232' and life_months = 0;
    update as_category set life_months = 72 where category_code in ('A02021100', 'A020105') and life_months = 60;
  end if;
end
$$;

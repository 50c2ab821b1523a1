-- Leave with rules (issue 34): the date a person started working (参加工作时间), from which the
-- years of service of 职工带薪年休假条例 第三条 are counted.
alter table sys_user add column if not exists work_start_date date;

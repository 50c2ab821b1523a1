-- Stamp duty by the official rules (issue 32): the register (ct_stamp_duty, made from
-- schemas/contract/stampDutyEntry.entity.json) tells duty payable from a refund to claim
-- (entry_type '1' / '2', dictionary stamp_duty_entry_type), and the summary for the tax return keeps
-- them apart. A decrease of a signed contract is no duty payable: the duty on the decrease may be
-- claimed back or offset (财政部 税务总局公告2022年第22号 第三条第（二）项). Such rows were booked before
-- as negative duty among the payable; they become refunds to claim. Tables made from the schemas are
-- created after migrations: on a database without the register there is nothing to move, and the
-- column comes with the table.
do $$
begin
  if to_regclass('ct_stamp_duty') is not null then
    alter table ct_stamp_duty add column if not exists entry_type varchar(100) default '1';
    update ct_stamp_duty set entry_type = '2' where duty < 0;
  end if;
end
$$;

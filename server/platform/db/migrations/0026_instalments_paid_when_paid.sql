-- A contract instalment is paid when the cashier pays it (issue 33), not when its payment request is
-- approved: an instalment marked paid whose request is approved but not yet paid is in payment
-- again; a paid one takes the day the cashier paid it. A voided or terminated contract's open
-- instalments are cancelled (state '3', dictionary contract_instalment_state): nothing is due on it.
-- The tables are made from schemas/contract/*.entity.json after migrations: on a database without
-- them there is nothing to move.
do $$
begin
  if to_regclass('ct_contract_instalment') is not null and to_regclass('ct_contract_payment') is not null then
    update ct_contract_instalment i set instalment_state = '1', paid_date = null
      from ct_contract_payment p
      where p.contract_id = i.doc_id and p.instalment_no = i.line_no and p.approval_status = '2'
        and p.pay_state = '0' and i.instalment_state = '2';
    update ct_contract_instalment i set paid_date = p.paid_date
      from ct_contract_payment p
      where p.contract_id = i.doc_id and p.instalment_no = i.line_no and p.pay_state = '1'
        and i.instalment_state = '2' and p.paid_date is not null;
  end if;
  if to_regclass('ct_contract_instalment') is not null and to_regclass('ct_contract') is not null then
    update ct_contract_instalment i set instalment_state = '3'
      from ct_contract c
      where c.id = i.doc_id and c.contract_state in ('8', '9') and i.instalment_state = '0';
  end if;
end
$$;

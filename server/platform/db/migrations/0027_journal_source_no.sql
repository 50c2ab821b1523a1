-- The budget journal names each row's document by its number (issue 33): the ledger writes it with
-- the row from now on (source_no); the rows already written take it from their documents, for the
-- document types that move money. Tables made from the schemas come after migrations: a type whose
-- table does not exist yet has no rows to name.
alter table nk_budget_journal add column if not exists source_no varchar(60);
do $$
declare
  doc record;
begin
  for doc in select * from (values
      ('carFunds', 'car_funds', 'funds_no'),
      ('contract', 'ct_contract', 'contract_no'),
      ('contractPayment', 'ct_contract_payment', 'payment_no'),
      ('beforehand', 'exp_beforehand', 'apply_no'),
      ('employeeFee', 'exp_employee_fee', 'fee_no'),
      ('reimburse', 'exp_reimburse', 'reimburse_no'),
      ('medicalPurchase', 'pur_medical', 'apply_no'),
      ('purchaseApply', 'pur_apply', 'apply_no'),
      ('salarySheet', 'sal_salary_sheet', 'sheet_no'),
      ('loan', 'exp_loan', 'loan_no')
    ) as t(type, tbl, col)
  loop
    if to_regclass(doc.tbl) is not null then
      execute format(
        'update nk_budget_journal j set source_no = d.%I from %I d where j.source_type = %L and j.source_id = d.id and j.source_no is null',
        doc.col, doc.tbl, doc.type);
    end if;
  end loop;
end
$$;

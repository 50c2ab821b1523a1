-- The invoice register (issue 31): one row per invoice a document of the site holds, across every
-- document type whose lines declare the register (a field's `invoice`, server/entities/invoices.ts).
-- The key is the invoice's identity as validators/invoice.ts spells it (a fully digital invoice's
-- 20-digit number; else code and number, zeros in front left out), so one invoice has one key
-- however it was typed. The unique index makes "one invoice, one document per site" hold by
-- construction: of two claims saved at the same moment, the second waits for the first and finds
-- the invoice taken. A document's save rewrites its rows; a line removed, the document removed or
-- cancelled frees them. Lines stored before this file are entered at start.
create table nk_invoice (
  id           bigserial primary key,
  top_dept_id  bigint not null,
  register     varchar(40) not null,
  invoice_key  varchar(40) not null,
  line_entity  varchar(64) not null,
  line_id      bigint not null,
  doc_id       bigint not null,
  created_at   timestamptz not null default now()
);
create unique index nk_invoice_key on nk_invoice (top_dept_id, register, invoice_key);
create index nk_invoice_line on nk_invoice (line_entity, line_id);
create index nk_invoice_doc on nk_invoice (line_entity, doc_id);

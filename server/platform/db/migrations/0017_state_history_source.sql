-- The document that moved a row of another entity (issue 17): an asset card's history names the
-- request, change or disposal that set its state, department or keeper, and what it was set to.
alter table sys_state_history add column source_entity varchar(60);
alter table sys_state_history add column source_id bigint;
alter table sys_state_history add column source_no varchar(60);
alter table sys_state_history add column note varchar(500);

-- Counts of a person's approvals at a district's volume (issue 37), from the index alone:
-- "My documents" on the home page counts the applicant's instances of some states (running,
-- rejected) — an applicant has tens of thousands over the years, and the count read each of them
-- from the table; "done by me" counts the person's completed tasks, and the task's status, carried
-- in the index, spares reading each task to learn that it is done.
-- An instance is superseded when its document is submitted again: a rejected claim sent again is
-- the new instance's, and no longer waits for its applicant as rejected (it was listed twice).
alter table wf_instance add column if not exists superseded boolean not null default false;
update wf_instance i set superseded = true
  where exists (select 1 from wf_instance n where n.top_dept_id = i.top_dept_id and n.entity = i.entity
    and n.business_key = i.business_key and n.id > i.id);
create index if not exists wf_instance_starter_status on wf_instance (top_dept_id, starter_id, status) where not superseded;
drop index if exists wf_task_done;
create index wf_task_done on wf_task (top_dept_id, completed_by, completed_at desc, id desc) include (status);

-- A work queue per role (issue 34): each task carries its document's amount and the applicant's
-- department, as it already carries the title and the applicant, so that the task list shows
-- them and filters by type and amount range without opening every document. Written when the task
-- opens (modules/workflow/service.ts: the entity's amount field, as the meeting-record threshold
-- reads it); older tasks take them from what their instance kept at submit.
alter table wf_task add column if not exists amount numeric(18,2);
alter table wf_task add column if not exists dept_id bigint;

update wf_task t set
  dept_id = i.starter_dept_id,
  amount = case
    when jsonb_typeof(i.variables -> 'money') = 'number' then round((i.variables ->> 'money')::numeric, 2)
    when jsonb_typeof(i.variables -> 'amount') = 'number' then round((i.variables ->> 'amount')::numeric, 2)
  end
from wf_instance i
where i.id = t.instance_id and t.dept_id is null;

create index if not exists wf_task_entity on wf_task (top_dept_id, status, entity);

-- Who approved a document (issue 31): its list rows read the approvers from the document's tasks,
-- and a separated state action asks whether the caller approved it; both by document.
create index if not exists wf_task_business on wf_task (top_dept_id, entity, business_key);

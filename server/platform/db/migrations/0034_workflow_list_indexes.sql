-- A site's approvals at a district's volume (issue 37: a million claims of a site, two million
-- tasks): the task list's "done by me" (completed_by, newest first) and "my documents" (the
-- applicant's instances, last changed first) read by the person, newest first, instead of walking
-- every task or instance of the site. The to-do list keeps wf_task_open: the open tasks are few.
create index if not exists wf_task_done on wf_task (top_dept_id, completed_by, completed_at desc, id desc);
create index if not exists wf_instance_starter on wf_instance (top_dept_id, starter_id, updated_at desc, id desc);

-- Segregation of duties (issue 31): a task whose candidates are not those its step names (the
-- applicant, or someone who decided an earlier step, was passed over) says why.
alter table wf_task add column if not exists escalation varchar(20);

-- The organisation's base info is one row per site, keyed by its top department. An id equal to
-- that key lets the generic entity runtime (find by id, optimistic update, operation log) serve it.
alter table sys_dept_base add column id bigint generated always as (top_dept_id) stored;
create unique index sys_dept_base_id on sys_dept_base (id);

-- Saved schema files keep the order they were written in (jsonb sorts object keys, and a form lays
-- its fields out in key order). Existing rows are rewritten from the files at the next start.
alter table sys_schema_version alter column files type json using files::json;

-- Every version of an entity's schema files a saved row may name in schema_version: approval and
-- print views of an approved document render it with the files it was saved under.
create table sys_schema_version (
  entity      varchar(100) not null,
  version     varchar(32) not null,
  files       jsonb not null,
  created_at  timestamptz not null default now(),
  primary key (entity, version)
);

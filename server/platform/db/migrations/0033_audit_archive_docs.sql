-- A document's history and the auditor's search by document read the archive as they read the trail
-- (issue 36): by the documents a record names, which this index serves (`doc_ids @> array[id]`).
create index if not exists sys_audit_archive_docs on sys_audit_archive using gin (doc_ids);

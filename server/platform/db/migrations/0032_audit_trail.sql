-- The audit trail (issue 36): every write to a business or setting table is recorded by the
-- database itself, in the write's own transaction, by statement-level triggers (nk_audit, installed
-- per table by server/platform/db/trail.ts). Each site's records form a hash chain, sealed right
-- after commit in commit order by the sealer (server/platform/db/trail-seal.ts): it numbers the
-- site's new records and sets hash = sha256(prev_hash || ':' || seq || ':' || content), `content`
-- being the exact text written by the trigger. Sealing after commit instead of inside the writing
-- transaction keeps one site's writers from queueing (and deadlocking) on the chain's head.
-- The searchable columns repeat what `content` says and the verify compares them too
-- (server/modules/audit/verify.ts). Nobody updates or deletes a record: a guard trigger refuses it,
-- but for the sealer filling a new record's number and hashes once, and the retention job moving
-- old records into sys_audit_archive (chain intact) under its own setting.
create table if not exists sys_audit (
  id            bigserial    primary key,
  top_dept_id   bigint       not null,
  seq           bigint,
  at            timestamptz  not null,
  actor_id      bigint,
  dept_id       bigint,
  op            varchar(8)   not null,
  tbl           varchar(64)  not null,
  doc_entity    varchar(64),
  doc_ids       bigint[]     not null default '{}',
  amount        numeric(18,2),
  content       text         not null,
  prev_hash     varchar(64),
  hash          varchar(64),
  unique (top_dept_id, seq)
);
create index if not exists sys_audit_unsealed on sys_audit (top_dept_id, id) where hash is null;
create index if not exists sys_audit_docs on sys_audit using gin (doc_ids);
create index if not exists sys_audit_site_at on sys_audit (top_dept_id, at);
create index if not exists sys_audit_site_actor on sys_audit (top_dept_id, actor_id, at);
create index if not exists sys_audit_site_entity on sys_audit (top_dept_id, doc_entity, at);

-- Records older than a site's retention, moved with their chain (the first live record's
-- prev_hash is the last archived record's hash): never dropped, still verifiable.
create table if not exists sys_audit_archive (like sys_audit including defaults);
create unique index if not exists sys_audit_archive_seq on sys_audit_archive (top_dept_id, seq);

-- Each site's chain head: the last sealed record's number and hash (one sealer per site at a time).
create table if not exists sys_audit_head (
  top_dept_id   bigint       primary key,
  seq           bigint       not null,
  hash          varchar(64)  not null
);

-- A secret column appears as changed, never with its value; so does any value stored encrypted
-- (a secret setting's `enc:…`, server/modules/system/secrets.ts), whatever its column.
create or replace function nk_audit_hidden(k text, v jsonb, secret text[]) returns boolean
language sql immutable as $$
  select (k = any(coalesce(secret, '{}')) and v <> 'null'::jsonb) or (jsonb_typeof(v) = 'string' and (v #>> '{}') like 'enc:%')
$$;

create or replace function nk_audit_mask(r jsonb, secret text[]) returns jsonb
language sql immutable as $$
  select coalesce(jsonb_object_agg(k, case when nk_audit_hidden(k, v, secret) then '"******"'::jsonb else v end), '{}'::jsonb)
  from jsonb_each(r) e(k, v)
$$;

-- Field → [before, after] for what an update changed.
create or replace function nk_audit_diff(o jsonb, n jsonb, secret text[]) returns jsonb
language sql immutable as $$
  select coalesce(jsonb_object_agg(k, case when nk_audit_hidden(k, v, secret) or nk_audit_hidden(k, o->k, secret)
                                           then '["******", "******"]'::jsonb else jsonb_build_array(o->k, v) end), '{}'::jsonb)
  from jsonb_each(n) e(k, v) where o->k is distinct from v
$$;

-- The key a row is known by (its primary key columns) for pairing an update's before and after.
create or replace function nk_audit_key(r jsonb, keys text[]) returns jsonb
language sql immutable as $$
  select coalesce((select jsonb_object_agg(k, r->k) from unnest(keys) k), r)
$$;

-- Write one record (unsealed: the sealer numbers and chains it after commit).
create or replace function nk_audit_append(site bigint, op text, tbl text, ctx jsonb, doc_entity text, ids bigint[], amount numeric, entries jsonb)
returns void language plpgsql as $$
declare
  body text;
begin
  body := jsonb_build_object(
    'site', site,
    'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'op', op, 'table', tbl, 'ctx', ctx, 'entity', doc_entity,
    'docIds', to_jsonb(coalesce(ids, '{}'::bigint[])), 'amount', amount, 'rows', entries)::text;
  insert into sys_audit (top_dept_id, at, actor_id, dept_id, op, tbl, doc_entity, doc_ids, amount, content)
  values (site, now(), (ctx->>'actorId')::bigint, (ctx->>'deptId')::bigint, op, tbl, doc_entity,
          coalesce(ids, '{}'::bigint[]), amount, body);
end
$$;

-- The statement trigger. Arguments: the column naming the document (id, or doc_id for lines), the
-- document's entity, the secret columns, the amount column, the key columns, and the quiet
-- columns: an update that changes only those is not a change worth a record (a session's
-- last-seen time), which lets sessions be recorded — signing in and out — without a record per
-- request.
create or replace function nk_audit() returns trigger language plpgsql as $$
declare
  ctx jsonb := nullif(current_setting('nk.ctx', true), '')::jsonb;
  doc_col text := nullif(TG_ARGV[0], '');
  doc_entity text := nullif(TG_ARGV[1], '');
  secret text[] := coalesce(string_to_array(nullif(TG_ARGV[2], ''), ','), '{}');
  amount_col text := nullif(TG_ARGV[3], '');
  keys text[] := coalesce(string_to_array(nullif(TG_ARGV[4], ''), ','), '{id}');
  quiet text[] := coalesce(string_to_array(nullif(TG_ARGV[5], ''), ','), '{}');
  ctx_site bigint := coalesce((ctx->>'siteId')::bigint, 0);
  g record;
begin
  if TG_OP = 'INSERT' then
    for g in
      select coalesce((n->>'top_dept_id')::bigint, ctx_site) site,
             jsonb_agg(nk_audit_mask(n, secret)) entries,
             array_agg(distinct (n->>doc_col)::bigint) filter (where doc_col is not null and n->>doc_col is not null) ids,
             max((n->>amount_col)::numeric) amount
        from (select to_jsonb(x) n from new_rows x) r group by 1
    loop
      perform nk_audit_append(g.site, 'insert', TG_TABLE_NAME, ctx, doc_entity, g.ids, g.amount, g.entries);
    end loop;
  elsif TG_OP = 'DELETE' then
    for g in
      select coalesce((o->>'top_dept_id')::bigint, ctx_site) site,
             jsonb_agg(nk_audit_mask(o, secret)) entries,
             array_agg(distinct (o->>doc_col)::bigint) filter (where doc_col is not null and o->>doc_col is not null) ids,
             max((o->>amount_col)::numeric) amount
        from (select to_jsonb(y) o from old_rows y) r group by 1
    loop
      perform nk_audit_append(g.site, 'delete', TG_TABLE_NAME, ctx, doc_entity, g.ids, g.amount, g.entries);
    end loop;
  else
    for g in
      select coalesce((p.n->>'top_dept_id')::bigint, ctx_site) site,
             jsonb_agg(jsonb_build_object('key', nk_audit_mask(nk_audit_key(p.n, keys), secret), 'changes', p.ch)) entries,
             array_agg(distinct (p.n->>doc_col)::bigint) filter (where doc_col is not null and p.n->>doc_col is not null) ids,
             max((p.n->>amount_col)::numeric) amount
        from (select b.n, nk_audit_diff(a.o - quiet, b.n - quiet, secret) ch
                from (select to_jsonb(y) o from old_rows y) a
                join (select to_jsonb(x) n from new_rows x) b on nk_audit_key(a.o, keys) = nk_audit_key(b.n, keys)) p
       where p.ch <> '{}'::jsonb
       group by 1
    loop
      perform nk_audit_append(g.site, 'update', TG_TABLE_NAME, ctx, doc_entity, g.ids, g.amount, g.entries);
    end loop;
  end if;
  return null;
end
$$;

-- Append-only: no update, no delete, no truncate — except the sealer giving a new record its
-- number and hashes once (nothing else of the row changing), and the retention job moving old
-- records to the archive under its own transaction-local setting.
create or replace function nk_audit_guard() returns trigger language plpgsql as $$
begin
  if TG_OP = 'DELETE' and current_setting('nk.audit_archive', true) = 'on' then
    return old;
  end if;
  if TG_OP = 'UPDATE' and old.hash is null and new.hash is not null and new.seq is not null and new.prev_hash is not null
     and (to_jsonb(old) - '{seq,prev_hash,hash}'::text[]) = (to_jsonb(new) - '{seq,prev_hash,hash}'::text[]) then
    return new;
  end if;
  raise exception 'the audit trail is append-only (%)', TG_OP using errcode = 'P0001';
end
$$;

drop trigger if exists sys_audit_append_only on sys_audit;
create trigger sys_audit_append_only before update or delete on sys_audit for each row execute function nk_audit_guard();
drop trigger if exists sys_audit_no_truncate on sys_audit;
create trigger sys_audit_no_truncate before truncate on sys_audit for each statement execute function nk_audit_guard();
drop trigger if exists sys_audit_archive_append_only on sys_audit_archive;
create trigger sys_audit_archive_append_only before update or delete on sys_audit_archive for each row execute function nk_audit_guard();

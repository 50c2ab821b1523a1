-- The audit trail (issue 36), second part: quiet columns (see nk_audit below). The triggers are
-- installed again with the new argument at the next start (server/platform/db/trail.ts).
-- The statement trigger. Arguments: the column naming the document (id, or doc_id for lines), the
-- document's entity, the secret columns, the amount column, the key columns, and (new here) the
-- quiet columns: an update that changes only those is not a change worth a record (a session's
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

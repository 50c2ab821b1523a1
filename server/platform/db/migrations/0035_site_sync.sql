-- What each site was last brought up to (issue 37): a hash of the release's manifests (menus,
-- dictionaries, settings, entity seeds, processes, the site's own files, the sync's code) and the
-- budget year. A start syncs only the sites whose hash differs, so restarting a node of a hundred
-- unchanged sites does no per-site work; a new release syncs every site once.
create table if not exists sys_site_sync (
  top_dept_id  bigint primary key references sys_dept (id) on delete cascade,
  release      varchar(64) not null,
  synced_at    timestamptz not null default now()
);

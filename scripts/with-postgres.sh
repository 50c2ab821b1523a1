#!/usr/bin/env bash
# Run a command against a throw-away PostgreSQL server on 127.0.0.1, with DATABASE_URL set:
#   scripts/with-postgres.sh npm run test:api
# The cluster lives in a temporary directory and is stopped and removed afterwards.
# PGTEST_SETTINGS adds server settings (the benches: "-c shared_buffers=4GB").
set -euo pipefail

bin=""
for candidate in /usr/lib/postgresql/*/bin; do
  [ -x "$candidate/pg_ctl" ] && bin="$candidate"
done
if [ -z "$bin" ]; then
  echo "with-postgres: no PostgreSQL server found (apt-get install postgresql)" >&2
  exit 1
fi

port="${PGTEST_PORT:-$((20000 + RANDOM % 20000))}"
dir="$(mktemp -d /tmp/nk-pg-XXXXXX)"
as_pg=()
if [ "$(id -u)" = "0" ]; then
  # PostgreSQL refuses to run as root.
  chown postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${PGTEST_SETTINGS:-}" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
"$@"

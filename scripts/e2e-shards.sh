#!/usr/bin/env bash
# The end-to-end suite in shards side by side (CI): the web app is built once (staging and
# production), then each shard runs its share of the files against a server and an embedded
# database of its own. Usage: scripts/e2e-shards.sh [shards, default 2]
set -uo pipefail
cd "$(dirname "$0")/.."
shards="${1:-2}"
web="$(mktemp -d /tmp/nk-e2e-web-XXXXXX)"
trap 'rm -rf "$web"' EXIT
for mode in staging production; do
  out="$web/web-${mode/production/prod}"
  WEB_OUT_DIR="$out" node node_modules/vite/bin/vite.js build --mode "$mode" --logLevel warn || exit 1
done
pids=()
for i in $(seq 1 "$shards"); do
  NK_E2E_WEB="$web" npx vitest run --project e2e --shard="$i/$shards" > "$web/shard-$i.log" 2>&1 &
  pids+=($!)
done
status=0
for i in $(seq 1 "$shards"); do
  wait "${pids[$((i - 1))]}" || status=1
  echo "---- e2e shard $i/$shards"
  cat "$web/shard-$i.log"
done
exit $status

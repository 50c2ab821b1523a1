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
# Files go to the shard with the least work so far, longest first, by the seconds each took alone
# (CI, November 2026); a file not listed counts 40 s.
declare -A took=([expense]=92 [car]=60 [system-admin]=55 [approval]=52 [access]=52 [contract]=45
  [budget]=44 [shell]=43 [designer]=43 [asset]=39 [schema-pages]=26 [salary]=25 [home-dashboard]=19
  [account]=15 [codegen]=9 [venue]=8)
declare -a load files
for i in $(seq 1 "$shards"); do load[$i]=0; files[$i]=""; done
while read -r seconds file; do
  best=1
  for i in $(seq 2 "$shards"); do [ "${load[$i]}" -lt "${load[$best]}" ] && best=$i; done
  load[$best]=$((load[best] + seconds))
  files[$best]="${files[$best]} $file"
done < <(for f in tests/e2e/*.test.ts; do n=$(basename "$f" .test.ts); echo "${took[$n]:-40} $f"; done | sort -rn)
pids=()
for i in $(seq 1 "$shards"); do
  echo "e2e shard $i/$shards (~${load[$i]} s):${files[$i]}"
  # shellcheck disable=SC2086
  NK_E2E_WEB="$web" npx vitest run --project e2e ${files[$i]} > "$web/shard-$i.log" 2>&1 &
  pids+=($!)
done
status=0
for i in $(seq 1 "$shards"); do
  wait "${pids[$((i - 1))]}" || status=1
  echo "---- e2e shard $i/$shards"
  cat "$web/shard-$i.log"
done
exit $status

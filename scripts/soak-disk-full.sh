#!/usr/bin/env bash
# Soak: the data disk fills up under the running service, then space comes back.
#
# The service runs as `npm start` does (embedded PostgreSQL under DATA_DIR/pg, the in-process sandbox,
# the demo's 12 CSV invoices and 24 Tally vouchers flowing) with DATA_DIR on a small tmpfs of its own.
# As soon as it listens, the rest of that tmpfs is taken by a filler file; for FULL_SECONDS the script
# records what /health/ready answers and what the log says; then the filler is removed. It passes when
# the service said so while full (readiness 503 or a "No space left on device" it logged), did not exit,
# and every document then ends registered once and written back (the demo's one voucher with a data
# error ends MAPPING_FAILED).
#
# The tmpfs is mounted in a private mount namespace (`unshare -m`), so nothing is mounted on the host:
# it needs root, or unprivileged user namespaces (then run as root inside one: `unshare -Urm`, where
# the embedded PostgreSQL runs as root's mapped uid and refuses; so in practice: root).
#
#   scripts/soak-disk-full.sh              # DISK_MB=160 FULL_SECONDS=30 SETTLE_SECONDS=240
set -euo pipefail

DISK_MB=${DISK_MB:-160}
FULL_SECONDS=${FULL_SECONDS:-30}
SETTLE_SECONDS=${SETTLE_SECONDS:-240}
DEMO_DOCUMENTS=36
ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" != "--inside" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "soak-disk-full: needs root to mount a small tmpfs in a private mount namespace" >&2
    exit 2
  fi
  exec unshare -m --propagation private "$0" --inside
fi

WORK=$(mktemp -d /tmp/soak-disk-full-XXXXXX)
chmod 755 "$WORK"
DATA="$WORK/data"
mkdir -p "$DATA"
mount -t tmpfs -o "size=${DISK_MB}m,mode=0755" tmpfs "$DATA"
LOG="$WORK/service.log"
PORT=$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")
SERVICE=""

finish() {
  local code=$?
  if [ -n "$SERVICE" ] && kill -0 "$SERVICE" 2>/dev/null; then
    kill -TERM "$SERVICE"
    wait "$SERVICE" 2>/dev/null || true
  fi
  umount "$DATA" 2>/dev/null || true
  echo "soak-disk-full: log kept in $LOG"
  exit "$code"
}
trap finish EXIT

echo "soak-disk-full: DATA_DIR $DATA on a ${DISK_MB} MB tmpfs, port $PORT"
(cd "$ROOT_DIR" && exec env DATA_DIR="$DATA" PORT="$PORT" LOG_LEVEL=info \
  node -r ts-node/register/transpile-only src/main.ts) >"$LOG" 2>&1 &
SERVICE=$!

for _ in $(seq 1 240); do
  grep -q "connector listening on" "$LOG" && break
  kill -0 "$SERVICE" 2>/dev/null || { echo "FAIL: the service exited before listening"; tail -20 "$LOG"; exit 1; }
  sleep 0.5
done
grep -q "connector listening on" "$LOG" || { echo "FAIL: the service did not start"; exit 1; }
URL="http://127.0.0.1:$PORT"
KEY=$(cat "$DATA/api-key")

# Fill what is left of the disk (fallocate; dd until it is refused where fallocate is not supported).
FREE_KB=$(df -k --output=avail "$DATA" | tail -1 | tr -d ' ')
fallocate -l "$((FREE_KB * 1024))" "$DATA/filler" 2>/dev/null ||
  dd if=/dev/zero of="$DATA/filler" bs=1M 2>/dev/null || true
echo "soak-disk-full: disk full ($(df -h --output=avail "$DATA" | tail -1 | tr -d ' ') left); watching ${FULL_SECONDS} s"

READY_CODES=""
for _ in $(seq 1 "$FULL_SECONDS"); do
  READY_CODES="$READY_CODES $(curl -s -o /dev/null -m 2 -w '%{http_code}' "$URL/health/ready" || echo 000)"
  sleep 1
done
echo "soak-disk-full: /health while full: $(curl -s -m 2 "$URL/health" | jq -c '{status, checks: (.checks // . | tostring | .[0:300])}' 2>/dev/null || echo '?')"
ENOSPC_LINES=$(grep -c "No space left on device" "$LOG" || true)
echo "soak-disk-full: /health/ready while full:$READY_CODES"
echo "soak-disk-full: log lines saying 'No space left on device': $ENOSPC_LINES"

rm -f "$DATA/filler"
echo "soak-disk-full: space back ($(df -h --output=avail "$DATA" | tail -1 | tr -d ' ') free); waiting for every document to settle"

SETTLED=""
for _ in $(seq 1 "$((SETTLE_SECONDS / 2))"); do
  DOCS=$(curl -s -m 5 -H "X-API-Key: $KEY" "$URL/documents?limit=200" || true)
  if echo "$DOCS" | jq -e --argjson n "$DEMO_DOCUMENTS" '
      (.items | length) >= $n and
      ([.items[].submissions[].state] | all(. == "WRITTEN_BACK" or . == "MAPPING_FAILED" or . == "REJECTED" or . == "WRITEBACK_FAILED"))
    ' >/dev/null 2>&1; then
    SETTLED="$DOCS"
    break
  fi
  sleep 2
done

FAILED=0
check() { if eval "$2"; then echo "PASS: $1"; else echo "FAIL: $1"; FAILED=1; fi; }
check "the service is still running" 'kill -0 "$SERVICE" 2>/dev/null'
check "it said the disk was full (readiness 503 or ENOSPC logged)" \
  '[[ "$READY_CODES" == *503* ]] || [ "$ENOSPC_LINES" -gt 0 ]'
check "every document settled within ${SETTLE_SECONDS} s of space returning" '[ -n "$SETTLED" ]'
if [ -n "$SETTLED" ]; then
  check "all but the demo's data-error voucher written back" \
    "echo \"\$SETTLED\" | jq -e '[.items[].submissions[] | select(.state == \"WRITTEN_BACK\")] | length >= $((DEMO_DOCUMENTS - 1))' >/dev/null"
  check "what did not end WRITTEN_BACK is the data error (MAPPING_FAILED, validation)" \
    "echo \"\$SETTLED\" | jq -e '[.items[].submissions[] | select(.state != \"WRITTEN_BACK\") | (.state == \"MAPPING_FAILED\" and .errorClass == \"validation\")] | all' >/dev/null"
  check "one IRN per document (none registered twice)" \
    "echo \"\$SETTLED\" | jq -e '[.items[].submissions[].irn | select(. != null)] | (length == (unique | length))' >/dev/null"
fi
check "/health/ready is 200 again" '[ "$(curl -s -o /dev/null -m 2 -w "%{http_code}" "$URL/health/ready")" = 200 ]'
exit "$FAILED"

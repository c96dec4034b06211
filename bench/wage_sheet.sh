#!/usr/bin/env bash
# Building one month's wage sheet for 10,000 workers × 31 attended days (Sheet/create: one INSERT … SELECT
# counting attendance_days; DESIGN §6: < 1 s). Usage: bash bench/wage_sheet.sh [sqlite|postgres]
# (needs a release build: cargo build --release -p wageguard)
PORT=8213
source "$(dirname "$0")/wage_common.sh"
read -r MS REPLY < <(timed_post "$TOKEN" builder/wage/v1/Sheet/create "month=$MONTH&unitId=$UNIT&teamId=$TEAM")
echo "$REPLY" | grep -q '"code":201' || { echo "sheet not created: $REPLY"; exit 1; }
LINES="$(echo "SELECT COUNT(*) FROM wage_lines;" | run_sql | tr -d ' ')"
echo "backend: $BACKEND, wage sheet of $LINES lines built in $MS ms (budget < 1000 ms)"

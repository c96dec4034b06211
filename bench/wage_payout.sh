#!/usr/bin/env bash
# Approving a 10,000-line wage order and paying every line through the sandbox bank (Orderaudit: the
# conditional approval, the bank's idempotency keys, a payout, an 'out' flow and the balance per line, the
# order and sheet finished; DESIGN §6: < 2 s). Usage: bash bench/wage_payout.sh [sqlite|postgres]
# (needs a release build: cargo build --release -p wageguard)
PORT=8214
source "$(dirname "$0")/wage_common.sh"
SHEET="$(curl -s -X POST -H "X-Token: $TOKEN" -d "month=$MONTH&unitId=$UNIT&teamId=$TEAM" "$URL/builder/wage/v1/Sheet/create" | grep -o '"data":[0-9]*' | grep -o '[0-9]*')"
curl -s -X POST -H "X-Token: $TOKEN" -d "id=$SHEET" "$URL/builder/wage/v1/Sheet/confirm" >/dev/null
ORDER="$(curl -s -X POST -H "X-Token: $TOKEN" -d "month=$MONTH&sheetIds=$SHEET" "$URL/builder/wage/v1/Order/submit" | grep -o '"data":[0-9]*' | grep -o '[0-9]*')"
curl -s -X POST -H "X-Token: $FINANCE" -d "id=$ORDER&idnumber=410105198805123025" "$URL/finance/project/v1/orders/VerifyIdnumber" >/dev/null
read -r MS REPLY < <(timed_post "$FINANCE" finance/project/v1/orders/Orderaudit "id=$ORDER&status=1")
echo "$REPLY" | grep -q '"status":"paid"' || { echo "order not paid: $REPLY"; exit 1; }
PAID="$(echo "SELECT COUNT(*) FROM payouts WHERE status = 'paid';" | run_sql | tr -d ' ')"
CHECK="$(echo "SELECT CASE WHEN (SELECT balance_fen FROM special_accounts WHERE project_id = 1) = (SELECT SUM(CASE WHEN direction = 'in' THEN amount_fen ELSE -amount_fen END) FROM account_flows WHERE project_id = 1) THEN 'balance = sum of flows' ELSE 'BALANCE MISMATCH' END;" | run_sql)"
echo "backend: $BACKEND, order of $PAID lines approved and paid in $MS ms (budget < 2000 ms); $CHECK"

# N19 (Low): after one sync with --remote and --token, `kakeibo sync` alone syncs; `server revoke --device` takes the device's name
source "$FIXTURES/../Tests/Postgres/scenario-server.sh"
TOKEN=$("$KAKEIBO" server token --postgres "$PG" --ledger home --member alice --device laptop)
k init --currency USD
k account open assets:cash
k category add groceries
KAKEIBO_NOW=1795597300000 "$KAKEIBO" sync --remote "$REMOTE" --token "$TOKEN" >/dev/null 2>"$SCENARIO_DIR/first-sync.err"
sed "s#$SCENARIO_DIR#\$SANDBOX#; s#${TOKEN:4:12}#TOKENID#" "$SCENARIO_DIR/first-sync.err" >"$SCENARIO_DIR/note.txt"
run cat note.txt
k expense 4.20 --from assets:cash --category groceries --payee "Corner Shop"
k sync
k sync --status
"$KAKEIBO" server revoke --postgres "$PG" --device laptop | sed "s#${TOKEN:4:12}#TOKENID#" >"$SCENARIO_DIR/revoke.txt"
run cat revoke.txt
k sync

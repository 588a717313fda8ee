# N10 (Medium): a device with a read-scope token that records something still pulls; its own event stays there, unsynced, and sync says why
source "$FIXTURES/../Tests/Postgres/scenario-server.sh"
ALICE=$("$KAKEIBO" server token --postgres "$PG" --ledger home --member alice --device laptop)
KID=$("$KAKEIBO" server token --postgres "$PG" --ledger home --member kid --device tablet --scope read)
k init --currency USD
k account open assets:cash
k category add groceries
k category add games
KAKEIBO_NOW=1795597300000 "$KAKEIBO" sync --remote "$REMOTE" --token "$ALICE" >/dev/null 2>&1
KAKEIBO_NOW=1795597301000 "$KAKEIBO" --db kid.sqlite sync --remote "$REMOTE" --token "$KID" >/dev/null 2>&1
KAKEIBO_ACTOR=kid k --db kid.sqlite expense 500 --from assets:cash --category games --payee Robux
k expense 12.50 --from assets:cash --category groceries --payee "Green Grocer"
k sync
KAKEIBO_ACTOR=kid k --db kid.sqlite sync
k expense 3 --from assets:cash --category groceries --payee "Corner Shop"
k sync
KAKEIBO_ACTOR=kid k --db kid.sqlite sync
k --db kid.sqlite register
k --db kid.sqlite sync --status
k register

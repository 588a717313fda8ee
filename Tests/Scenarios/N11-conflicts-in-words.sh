# N11 (Medium): sync says how many edits the server kept aside; conflicts and history say them as money, payees and who won
source "$FIXTURES/../Tests/Postgres/scenario-server.sh"
ALICE=$("$KAKEIBO" server token --postgres "$PG" --ledger home --member alice --device laptop)
BOB=$("$KAKEIBO" server token --postgres "$PG" --ledger home --member bob --device phone)
k init --currency USD
k account open assets:cash
k category add groceries
T=$(k expense 10 --from assets:cash --category groceries --payee "Green Grocer #101")
V=$(k expense 40 --from assets:cash --category groceries --payee Bakery)
KAKEIBO_NOW=1795597300000 "$KAKEIBO" sync --remote "$REMOTE" --token "$ALICE" >/dev/null 2>&1
KAKEIBO_NOW=1795597301000 "$KAKEIBO" --db bob.sqlite sync --remote "$REMOTE" --token "$BOB" >/dev/null 2>&1
k edit "$T" --amount 77.77
k void "$V" --reason duplicate
KAKEIBO_ACTOR=bob k --db bob.sqlite edit "$T" --amount 66.66
KAKEIBO_ACTOR=bob k --db bob.sqlite edit "$T" --payee "Bob's Grocer"
KAKEIBO_ACTOR=bob k --db bob.sqlite edit "$V" --amount 41
k sync
# The server's conflict events name the device's random token id, so the head hash after them differs per run.
KAKEIBO_NOW=1795597310000 KAKEIBO_ACTOR=bob "$KAKEIBO" --db bob.sqlite sync 2>&1 | sed 's/head [0-9]*:[0-9a-f]*/head N:HASH/' >bob-sync.txt
run cat bob-sync.txt
k --db bob.sqlite conflicts
k --db bob.sqlite history "$T"

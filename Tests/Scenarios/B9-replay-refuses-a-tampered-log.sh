# B9 (Medium): replay and writes refuse a log whose append-only triggers were dropped and a payload changed; nothing is rebuilt from it.
skip_unless sqlite3
k init --currency USD
k account open assets:cash --type asset
k category add rent
k expense 1450 --from assets:cash --category rent
sqlite3 "$KAKEIBO_DB" "DROP TRIGGER events_refuse_update; UPDATE events SET payload = replace(payload, '145000', '5000') WHERE type = 'ExpenseCaptured';"
k replay
k replay --check
k expense 1 --from assets:cash --category rent
k verify

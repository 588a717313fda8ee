# B6 (Medium): reports read without the write lock: balance and account list answer while another process holds a write transaction.
skip_unless sqlite3
k init --currency USD
k account open assets:cash --type asset
k category add food
k expense 4 --from assets:cash --category food
(echo "BEGIN IMMEDIATE;"; sleep 3; echo "COMMIT;") | sqlite3 "$KAKEIBO_DB" &
sleep 1
k balance
k account list
wait

# N23 (Low): `txn`/`edit --posting` write a cost (`@`, `@@`), and `--date` takes today and yesterday.
k init --currency USD
k account open assets:cash
k category add lodging
TXN=$(k txn --posting 'expenses:lodging=40000 JPY @ $0.0066' --posting assets:cash --date yesterday)
k edit "$TXN" --posting 'expenses:lodging=30000 JPY @@ 200 USD' --posting assets:cash
k expense 12 --from assets:cash --category lodging --date today
k register lodging
k balance

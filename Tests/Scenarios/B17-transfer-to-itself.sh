# B17 (Low): a transfer or txn whose postings are all on one account is refused: no money moves.
k init --currency USD
k account open assets:cash --type asset
k transfer 25 --from assets:cash --to assets:cash
k txn --posting assets:cash=5 --posting assets:cash=-5
k verify

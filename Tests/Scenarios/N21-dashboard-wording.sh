# N21 (Low): the transfers page says "in 1 transfer", and an export as of its own day carries no stale badge.
k init --currency USD
k account open assets:cash
k account open assets:bank
k transfer 5 --from assets:bank --to assets:cash
k widgets export --out w --html >/dev/null
run sh -c "sed 's/<[^>]*>/ /g' w/transfers.html | tr -s ' ' | grep -o 'USD in 1 transfers*'"
run sh -c "grep -c 'data-testid=\"stale\"' w/index.html || true"

# N16 (Low): a journal whose running balance would overflow is refused as taking the account's balance beyond the limit, at file:line, as `expense` says it.
printf '2026-01-01 big\n    assets:a  $92233720368547758.07\n    equity:opening\n' >big1.journal
printf '2026-01-02 big2\n    assets:a  $1\n    equity:opening\n' >plus.journal
cat big1.journal plus.journal >big2.journal
k init --currency USD
k import journal big2.journal
k import journal big1.journal
k import journal plus.journal
k balance assets:a --format csv

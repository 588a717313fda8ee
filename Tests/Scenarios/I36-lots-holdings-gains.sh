# I36 (issue 36): the README's investments example as typed: a brokerage account opened with
# `--booking fifo` (the default, so it sets nothing and the open is one batch), a buy in braces opens
# a lot, a sale at a price takes it FIFO and realises its gain, holdings values the rest at the P price.
k init --currency USD
k account open assets:checking
k commodity declare VTI --precision 0
k account open assets:brokerage --any-commodity --booking fifo
k account open assets:ira --any-commodity --booking lifo
k txn --date 2026-01-05 --payee Broker --posting 'assets:brokerage=10 VTI {$210.00}' --posting 'assets:checking=-2100.00'
SALE=$(k txn --date 2026-03-05 --payee Broker --posting 'assets:brokerage=-4 VTI @ $240.00' --posting 'assets:checking=960.00')
k price VTI 250 --in USD --date 2026-03-05
k holdings --value USD
k gains -p 2026
# A sale beyond the holding is refused in one line and appends nothing.
k txn --date 2026-03-06 --payee Broker --posting 'assets:brokerage=-7 VTI @ $240.00' --posting 'assets:checking=1680.00'
k verify
# So are a sale beyond the named lot, a label no lot carries, a booking change while lots are
# open, and a void of the sale (later sales decided their lots after it); history of the sale
# names the lot it took.
k txn --date 2026-03-07 --payee Broker --posting 'assets:brokerage=15 VTI {$230.00, "lot-b"}' --posting 'assets:checking=-3450.00'
k txn --date 2026-03-08 --payee Broker --posting 'assets:brokerage=-16 VTI {"lot-b"} @ $240.00' --posting 'assets:checking=3840.00'
k txn --date 2026-03-08 --payee Broker --posting 'assets:brokerage=-1 VTI {"lot-z"} @ $240.00' --posting 'assets:checking=240.00'
k account booking assets:brokerage average
k void "$SALE"
k history "$SALE"
k holdings --as-of 2026-03-31
k verify

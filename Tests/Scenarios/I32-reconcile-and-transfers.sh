# Issue 32 (parts 2 and 3): a statement's closing balance reconciles the checking account (the postings up to its date are
# marked cleared, then locked); a wrong balance shows the difference and the posting that explains it and appends nothing;
# a locked posting's edit is refused unless forced with a reason, which history shows; the checking account's debit and the
# card's credit of one payment become one transfer.
k init --currency USD
k account open assets:checking
k account open liabilities:card
k account open income:unknown
k category add groceries
MARKET=$(k expense 40 --from assets:checking --category groceries --payee Market --date 2026-10-05)
BAKERY=$(k expense 25.50 --from assets:checking --category groceries --payee Bakery --date 2026-10-20)
k expense 300 --from assets:checking --payee "Card payment" --date 2026-10-28
k income 300 --to liabilities:card --from income:unknown --payee "PAYMENT THANK YOU" --date 2026-10-29
k transfers match
k transfers match --yes
k reconcile assets:checking --balance -325.50 --as-of 2026-10-31
k reconcile assets:checking --balance -365.50 --as-of 2026-10-31 --lock
k register assets:checking -C
k register status:
k edit "${BAKERY: -8}" --amount 26
k edit "${BAKERY: -8}" --amount 26 --force --reason "the bank took 26.00"
k history "${BAKERY: -8}"
k mark "${MARKET: -8}" --account assets:checking --pending
k replay --check

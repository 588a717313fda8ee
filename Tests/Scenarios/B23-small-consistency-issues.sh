# B23 (Low, partly fixed): the fixed parts: `10.000` refused as ambiguous, bidi overrides refused in a payee, categories listed after a journal import, budget report --as-of, goal report --at-position, the advice of `account close` on an expense account.
cat >h.journal <<'JOURNAL'
2026-10-02 dinner
    expenses:dining    $30
    assets:cash
JOURNAL
k init --currency USD
k import journal h.journal
k category list
k expense 10.000 --from assets:cash --category dining
k expense 1 --from assets:cash --category dining --payee "$(printf 'rtl \u202eevil')"
k budget set dining 100 --from 2026-10-01
k budget report --period 2026-10 --as-of 2026-10-15
k goal set 100
k goal report --at-position 3
k account close expenses:dining

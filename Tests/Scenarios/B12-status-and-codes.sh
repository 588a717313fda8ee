# B12 (Medium): journal status (`*`, `!`) and codes (`(1001)`) are kept, shown by register, exported as written, and queried with status: and -C/-P/-U as in hledger.
cat >marks.journal <<'JOURNAL'
2026-08-01 * (1001) Maple Court | August rent
    expenses:rent  $1,450.00
    assets:checking

2026.08.05 ! Pending: Corner Cafe
    expenses:dining  $12.40
    assets:checking

2026-08-06 Market
    expenses:groceries  $30.00
    assets:checking
JOURNAL
k init --currency USD
k import journal marks.journal
k register
k register -C
k register -P -U
k register 'status:!'
k register status:
k balance -C --format csv
k register status:x
k export journal >export.journal
k export beancount
k import journal export.journal
skip_unless hledger
run hledger -f export.journal reg -C
run hledger -f export.journal bal -N -P -U

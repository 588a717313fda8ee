# B13 (Low-Medium): importing the same journal again after renaming one of its accounts appends nothing, not a ghost AccountOpened.
cat >household.journal <<'JOURNAL'
2026-10-01 opening
    assets:checking                 $500
    equity:opening

2026-10-02 groceries
    expenses:groceries              $20
    liabilities:creditcard:visa
JOURNAL
k init --currency USD
k import journal household.journal
k account rename liabilities:creditcard:visa liabilities:visa
k import journal household.journal
k log

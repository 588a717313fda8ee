# N15 (Low): `--value then,USD` values each posting at its own date's price, with query terms, --depth and -M columns,
# as hledger's --value=then does (it refused all three, and showed one price date per account).
k init --currency USD
k import journal "$FIXTURES/journals/travel-trip.journal"
k bal expenses --value then,USD
k bal -M expenses --value then,USD
k bal --depth 1 -X then,USD
k bal expenses:lodging -p 2026-02 --value then,USD
k bal expenses:lodging -p 2026-02 --value USD
skip_unless hledger
run hledger -f "$FIXTURES/journals/travel-trip.journal" bal -N --value=then,'$' --infer-equity expenses
run hledger -f "$FIXTURES/journals/travel-trip.journal" bal -N --value=then,'$' --infer-equity -M expenses
run hledger -f "$FIXTURES/journals/travel-trip.journal" bal -N --value=then,'$' --infer-equity --depth 1

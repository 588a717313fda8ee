# N2 (High): `balance --value USD -b/-e/-p` values the period's change at the prices of its last day (hledger's `bal -X`), not the all-time balance.
k init --currency USD
k import journal "$FIXTURES/journals/travel-trip.journal"
k balance --value USD -b 2026-02-01 -e 2026-03-01
k balance --value USD -p 2026-02 --format csv
k balance --value then,USD -p 2026-02 --format csv
k balance --value USD -b 2026-01-01 -e 2026-02-01 --format csv
skip_unless hledger
run hledger -f "$FIXTURES/journals/travel-trip.journal" bal -N -X '$' -b 2026-02-01 -e 2026-03-01 --infer-equity

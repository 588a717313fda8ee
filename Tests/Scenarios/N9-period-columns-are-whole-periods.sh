# N9 (Medium): with -M/-W/-Q, -b and -e inside a period widen to whole periods as hledger does, and JSON gives each column its start and end.
k init --currency USD
k import journal "$FIXTURES/journals/travel-trip.journal"
k balance -M -b 2026-01-15 -e 2026-02-10 rent salary fees
k balance -W -b 2026-02-04 -e 2026-02-11 expenses --format csv
k balance -Q -b 2026-02-15 -e 2026-03-01 salary --format json
skip_unless hledger
run hledger -f "$FIXTURES/journals/travel-trip.journal" bal -M -b 2026-01-15 -e 2026-02-10 rent salary fees -N

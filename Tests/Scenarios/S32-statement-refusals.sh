# Issue 32: statements that cannot be read with certainty are refused with their place; nothing is appended.
k init --currency EUR
k import statement "$FIXTURES/statements/giro-2026-04.camt053.xml" "$FIXTURES/statements/truncated.ofx" --account assets:giro
k import statement "$FIXTURES/statements/bad-amount.camt053.xml" --account assets:giro
k import statement "$FIXTURES/statements/giro-2026-04.camt053.xml" --account assets:giro
k import statement "$FIXTURES/statements/checking-usd.mt940" --account assets:giro --format mt940
k log

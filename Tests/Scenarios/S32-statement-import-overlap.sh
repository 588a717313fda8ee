# Issue 32: an OFX statement, the next one overlapping it, and the first again: each bank transaction once.
k init --currency USD
k import statement "$FIXTURES/statements/checking-2026-01.ofx" --account assets:checking
k import statement "$FIXTURES/statements/checking-2026-01-02.ofx" --account assets:checking
k import statement "$FIXTURES/statements/checking-2026-01.ofx" --account assets:checking
k register assets:checking
k replay --check

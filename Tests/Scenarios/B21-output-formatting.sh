# B21 (Low): JSON where JSON is asked for (verify --digest, account open), and "1 transaction appended" in the singular.
cat >one.journal <<'JOURNAL'
2026-10-02 coffee
    expenses:coffee    $3
    assets:cash
JOURNAL
k init --currency USD
k account open assets:bank --type asset --format json
k verify --digest --format json
k import journal one.journal

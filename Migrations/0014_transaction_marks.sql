-- A journal transaction's status (`*` cleared, `!` pending) and `(code)`, from its
-- TransactionRecorded payload (issue 29, B12). Only marked transactions have a row, so the
-- table costs nothing for the rest, and every event before this migration (none carried a mark)
-- needs no rebuild. Projections only, rebuilt on replay.
CREATE TABLE transaction_marks (
    txn_id TEXT PRIMARY KEY,
    status TEXT CHECK (status IN ('*', '!')),
    code   TEXT
) WITHOUT ROWID;

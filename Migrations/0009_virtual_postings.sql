-- Virtual postings (issue 20): hledger's `(account)` and `[account]`, flagged on the posting in
-- its TransactionRecorded payload (`"virtual"`). A projection, rebuilt on replay: `balance --real`
-- leaves these rows of `postings` out.

CREATE TABLE virtual_postings (
    txn_id TEXT    NOT NULL,
    line   INTEGER NOT NULL,
    kind   TEXT    NOT NULL CHECK (kind IN ('unbalanced', 'balanced')),
    PRIMARY KEY (txn_id, line)
) WITHOUT ROWID;

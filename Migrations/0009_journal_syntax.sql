-- Journals as people write them (issue 20). Projections only, rebuilt on replay.

-- Virtual postings: hledger's `(account)` and `[account]`, flagged on the posting in its
-- TransactionRecorded payload (`"virtual"`). `balance --real` leaves these rows of `postings` out.
CREATE TABLE virtual_postings (
    txn_id TEXT    NOT NULL,
    line   INTEGER NOT NULL,
    kind   TEXT    NOT NULL CHECK (kind IN ('unbalanced', 'balanced')),
    PRIMARY KEY (txn_id, line)
) WITHOUT ROWID;

-- Accounts a journal import could not type (`A1`, `me:assets:bank`) are 'unclassified' until
-- `account retype`. SQLite cannot change a CHECK in place: the table is rebuilt, same columns.
CREATE TABLE accounts_new (
    account_id      TEXT    PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    type            TEXT    NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'income', 'expense', 'unclassified')),
    currency        TEXT    NOT NULL,
    is_closed       INTEGER NOT NULL DEFAULT 0 CHECK (is_closed IN (0, 1)),
    opened_position INTEGER NOT NULL
);
INSERT INTO accounts_new (account_id, name, type, currency, is_closed, opened_position)
    SELECT account_id, name, type, currency, is_closed, opened_position FROM accounts;
DROP TABLE accounts;
ALTER TABLE accounts_new RENAME TO accounts;

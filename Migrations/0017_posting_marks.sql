-- Status and locks on postings (issue 32): hledger's `*` cleared and `!` pending on one posting
-- (`  * assets:bank  $5` in a journal, or `PostingsMarked` from `reconcile`), and the lock
-- `reconcile --lock` puts on postings that agree with a statement (`PostingsLocked`). A posting
-- without a row here is unmarked and unlocked, and then its transaction's mark stands for it
-- (`transaction_marks`), as in hledger. Only marked postings have a row, so the table costs
-- nothing for the rest, and no event before this migration carried a posting mark: no rebuild.
-- Projections only, rebuilt on replay.
CREATE TABLE posting_marks (
    txn_id TEXT    NOT NULL,
    line   INTEGER NOT NULL,
    status TEXT    CHECK (status IN ('*', '!')),
    locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
    PRIMARY KEY (txn_id, line)
) WITHOUT ROWID;

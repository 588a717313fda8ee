-- Category suggestions applied at capture or import (or declined: account_id NULL), and what the
-- user did with them. An edit that changes the category within the review window (30 days of
-- recording time) rejects the suggestion; a void takes it out of the figures. Events recorded
-- before suggestions were applied carry none, so an existing ledger starts with no rows.
CREATE TABLE suggestion_outcomes (
    txn_id       TEXT    PRIMARY KEY,
    account_id   TEXT,
    confidence   INTEGER NOT NULL CHECK (confidence BETWEEN 0 AND 10000),
    recorded_at  INTEGER NOT NULL,
    position     INTEGER NOT NULL,
    rejected_at  INTEGER,
    corrected_to TEXT,
    is_voided    INTEGER NOT NULL DEFAULT 0 CHECK (is_voided IN (0, 1))
) WITHOUT ROWID;

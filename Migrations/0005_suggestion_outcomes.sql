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

-- Recorded transactions with exactly one expense posting (imported statement rows, journal
-- entries) teach the suggester from now on. The counts are emptied and relearned from the
-- transactions projection on the next open, as Migrations/0004 does for older ledgers.
DELETE FROM suggestion_features;
DELETE FROM suggestion_classes;
INSERT OR IGNORE INTO projection_checkpoints (projection, position)
SELECT 'suggestions-backfill', position FROM projection_checkpoints WHERE projection = 'ledger';

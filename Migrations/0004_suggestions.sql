-- Category suggestions: how often each normalised payee word and amount bucket was seen per
-- expense category, and how many expenses each category learned from. Captures add, voids
-- remove, and an edit moves an expense's evidence to its corrected category.
CREATE TABLE suggestion_classes (
    account_id TEXT    PRIMARY KEY,
    documents  INTEGER NOT NULL CHECK (documents >= 0)
);

CREATE TABLE suggestion_features (
    account_id TEXT    NOT NULL,
    feature    TEXT    NOT NULL,
    count      INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (account_id, feature)
) WITHOUT ROWID;

-- A ledger that already holds events when this migration runs has expenses the counts above
-- have not learned. This row asks the next open to learn them from the transactions projection
-- (one pass, no replay) and is then deleted; a fresh ledger has no checkpoint yet and no row.
INSERT INTO projection_checkpoints (projection, position)
SELECT 'suggestions-backfill', position FROM projection_checkpoints WHERE projection = 'ledger';

-- Category suggestions read in O(1) of the log's length: the counts of a query's features are
-- found through an index on `feature`, and what the suggester needs of every category (feature
-- occurrences for smoothing) and of the whole table (how many distinct features) is kept up to
-- date on each flush instead of being summed over `suggestion_features` on every capture.
CREATE INDEX suggestion_features_by_feature ON suggestion_features (feature);

-- Σ count over a category's rows of `suggestion_features`; no row means zero.
CREATE TABLE suggestion_totals (
    account_id TEXT    PRIMARY KEY,
    features   INTEGER NOT NULL CHECK (features >= 0)
) WITHOUT ROWID;

-- COUNT(DISTINCT feature) over `suggestion_features`, in the single row id 1; no row means zero.
CREATE TABLE suggestion_vocabulary (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    size INTEGER NOT NULL CHECK (size >= 0)
);

-- An existing ledger's counts are summed once, here; from now on each flush keeps them.
INSERT INTO suggestion_totals (account_id, features)
SELECT account_id, SUM(count) FROM suggestion_features GROUP BY account_id HAVING SUM(count) > 0;
INSERT INTO suggestion_vocabulary (id, size)
SELECT 1, COUNT(DISTINCT feature) FROM suggestion_features HAVING COUNT(DISTINCT feature) > 0;

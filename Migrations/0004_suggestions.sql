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

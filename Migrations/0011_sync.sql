-- Sync with a household server (issue 19): what a ledger file remembers about its server, and
-- the open conflicts the server recorded in the log.

-- Not a projection: replay leaves it alone. One row once the file has synced; none before.
-- Events 1...synced_position are the server's, byte for byte; later ones wait to be pushed.
-- IF NOT EXISTS: files synced before this migration made the same table at run time.
CREATE TABLE IF NOT EXISTS sync_state (
    singleton       INTEGER PRIMARY KEY CHECK (singleton = 1),
    remote          TEXT    NOT NULL,
    synced_position INTEGER NOT NULL CHECK (synced_position >= 0),
    device_id       TEXT    NOT NULL,
    device_seq      INTEGER NOT NULL CHECK (device_seq >= 0),
    device_hash     TEXT    NOT NULL CHECK (length(device_hash) = 64)
);

-- The server's last answer about conflicts, cached before they became log events: the log now
-- says it (TransactionConflicted), so the copy goes.
DROP TABLE IF EXISTS sync_conflicts;

-- Projection of TransactionConflicted: one row per conflict event, keyed by its log position.
-- A later TransactionEdited or TransactionVoided of the transaction sets resolved_position.
CREATE TABLE transaction_conflicts (
    position          INTEGER PRIMARY KEY,
    txn_id            TEXT    NOT NULL,
    based_on          INTEGER NOT NULL,
    kept              TEXT    NOT NULL,  -- event ids that stand, space-separated
    deferred          TEXT    NOT NULL,  -- event ids not applied, space-separated
    member            TEXT    NOT NULL,
    device            TEXT    NOT NULL,
    fields            TEXT    NOT NULL,  -- canonical JSON: [{"field","kept","deferred"}]
    changes           TEXT    NOT NULL,  -- canonical JSON: the deferred edit's changes
    resolved_position INTEGER
);

CREATE INDEX transaction_conflicts_open ON transaction_conflicts (txn_id) WHERE resolved_position IS NULL;

-- Two devices opened the same account name offline (AccountOpened twice, different ids).
-- Same type and currency: the later id is an alias of the first, and its entries merge into it.
CREATE TABLE account_aliases (
    alias_id   TEXT    PRIMARY KEY,
    account_id TEXT    NOT NULL,
    position   INTEGER NOT NULL
) WITHOUT ROWID;

-- Otherwise a conflict: the later account is kept under "NAME [last 8 of its id]", nothing is
-- lost, and it is listed until that account is renamed.
CREATE TABLE account_conflicts (
    position          INTEGER PRIMARY KEY,
    account_id        TEXT    NOT NULL,
    name              TEXT    NOT NULL,  -- the name both devices chose
    kept_account_id   TEXT    NOT NULL,
    resolved_position INTEGER
);

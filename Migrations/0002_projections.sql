-- Projections: caches folded from the event log. Every row here can be deleted and rebuilt
-- by replay; `kakeibo replay --check` and `kakeibo verify` prove they match the log.
-- No foreign keys: the fold keeps these tables consistent, replay checks prove it, and
-- foreign key checks would cost a lookup per row and disable SQLite's fast table truncation.

CREATE TABLE projection_checkpoints (
    projection TEXT    PRIMARY KEY,
    position   INTEGER NOT NULL
);

CREATE TABLE ledger_settings (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    name          TEXT    NOT NULL,
    base_currency TEXT    NOT NULL,
    time_zone     TEXT    NOT NULL,
    created_at    INTEGER NOT NULL
);

CREATE TABLE accounts (
    account_id      TEXT    PRIMARY KEY,
    name            TEXT    NOT NULL UNIQUE,
    type            TEXT    NOT NULL CHECK (type IN ('asset', 'liability', 'equity', 'income', 'expense')),
    currency        TEXT    NOT NULL,
    is_closed       INTEGER NOT NULL DEFAULT 0 CHECK (is_closed IN (0, 1)),
    opened_position INTEGER NOT NULL
);

CREATE TABLE categories (
    account_id   TEXT    PRIMARY KEY,
    display_name TEXT    NOT NULL,
    hue          INTEGER NOT NULL CHECK (hue BETWEEN 0 AND 360),
    icon         TEXT    NOT NULL,
    is_archived  INTEGER NOT NULL DEFAULT 0 CHECK (is_archived IN (0, 1))
);

CREATE TABLE transactions (
    txn_id         TEXT    PRIMARY KEY,
    kind           TEXT    NOT NULL,
    date           TEXT    NOT NULL,
    payee          TEXT,
    memo           TEXT,
    is_voided      INTEGER NOT NULL DEFAULT 0 CHECK (is_voided IN (0, 1)),
    version        INTEGER NOT NULL,       -- stream version of the transaction's last event
    first_position INTEGER NOT NULL,
    last_position  INTEGER NOT NULL
) WITHOUT ROWID;

-- The current postings of live (not voided) transactions.
CREATE TABLE postings (
    txn_id     TEXT    NOT NULL,
    line       INTEGER NOT NULL,
    account_id TEXT    NOT NULL,
    currency   TEXT    NOT NULL,
    amount     INTEGER NOT NULL,
    memo       TEXT,
    PRIMARY KEY (txn_id, line)
) WITHOUT ROWID;

CREATE INDEX postings_by_account ON postings(account_id);

CREATE TABLE balances (
    account_id TEXT    NOT NULL,
    currency   TEXT    NOT NULL,
    amount     INTEGER NOT NULL,
    PRIMARY KEY (account_id, currency)
) WITHOUT ROWID;

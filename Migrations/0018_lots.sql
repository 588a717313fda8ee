-- Lots (issue 36): what is left of each acquisition, each lot's part in a sale, and each
-- account's booking method. Projections like every other table: replay rebuilds them.

CREATE TABLE lots (
    lot_id          TEXT PRIMARY KEY,            -- <transaction id>/<posting index>
    account_id      TEXT NOT NULL,
    commodity       TEXT NOT NULL,
    digits          INTEGER NOT NULL,
    acquired_on     TEXT NOT NULL,               -- YYYY-MM-DD
    label           TEXT,
    unit_cost       TEXT NOT NULL,               -- exact decimal as written
    cost_commodity  TEXT NOT NULL,
    cost_digits     INTEGER NOT NULL,
    units_acquired  INTEGER NOT NULL CHECK (units_acquired > 0),
    basis_acquired  INTEGER NOT NULL,
    units_open      INTEGER NOT NULL CHECK (units_open >= 0 AND units_open <= units_acquired),
    basis_open      INTEGER NOT NULL,
    position        INTEGER NOT NULL
) WITHOUT ROWID;

-- The decider's question on every sale: this account's open lots of this commodity, oldest first.
CREATE INDEX lots_open ON lots(account_id, commodity, acquired_on, position, lot_id) WHERE units_open > 0;

CREATE TABLE lot_disposals (
    transaction_id  TEXT NOT NULL,
    sequence        INTEGER NOT NULL,
    lot_id          TEXT NOT NULL REFERENCES lots(lot_id),
    disposed_on     TEXT NOT NULL,
    units           INTEGER NOT NULL CHECK (units > 0),
    basis           INTEGER NOT NULL,
    gain            INTEGER NOT NULL,
    position        INTEGER NOT NULL,
    PRIMARY KEY (transaction_id, sequence)
) WITHOUT ROWID;

CREATE INDEX lot_disposals_lot ON lot_disposals(lot_id);
CREATE INDEX lot_disposals_date ON lot_disposals(disposed_on);

CREATE TABLE account_bookings (
    account_id      TEXT PRIMARY KEY,
    method          TEXT NOT NULL CHECK (method IN ('fifo', 'lifo', 'average')),
    gains_account   TEXT
) WITHOUT ROWID;

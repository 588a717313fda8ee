-- Multi-currency (issue 17): commodities outside the ISO table, market prices, and what the
-- postings table cannot hold — a posting's cost as written and the generated-conversion flag.
-- All projections: replay rebuilds them from CommodityDeclared, PriceRecorded and the postings.

CREATE TABLE commodities (
    symbol  TEXT    PRIMARY KEY,
    digits  INTEGER NOT NULL CHECK (digits BETWEEN 0 AND 12),
    display TEXT
) WITHOUT ROWID;

-- One row per date and pair: a later PriceRecorded for the same date and pair replaces it.
-- Columns in primary-key order: replay checks compare tables ordered by their first two columns.
CREATE TABLE prices (
    commodity TEXT    NOT NULL,
    quote     TEXT    NOT NULL,
    date      TEXT    NOT NULL,
    value     TEXT    NOT NULL,      -- exact decimal as written, e.g. '1.08'
    position  INTEGER NOT NULL,
    PRIMARY KEY (commodity, quote, date)
) WITHOUT ROWID;

-- Extra facts about a row of `postings`, only for postings that have them.
CREATE TABLE posting_details (
    txn_id         TEXT    NOT NULL,
    line           INTEGER NOT NULL,
    cost_per       TEXT    CHECK (cost_per IN ('unit', 'total')),
    cost_value     TEXT,
    cost_commodity TEXT,
    generated      INTEGER NOT NULL DEFAULT 0 CHECK (generated IN (0, 1)),
    PRIMARY KEY (txn_id, line)
) WITHOUT ROWID;

-- Asset and liability accounts opened for any commodity (AccountOpened with anyCommodity).
CREATE TABLE unconstrained_accounts (
    account_id      TEXT    PRIMARY KEY,
    opened_position INTEGER NOT NULL
) WITHOUT ROWID;

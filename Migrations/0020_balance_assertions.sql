-- Statement balances (issue 32): one row per BalanceAsserted, the balance a bank stated for an
-- account at the end of a day. Kept, not checked: `import statement` reports a difference, the
-- exports write hledger's `= BAL` and beancount's `balance`, and `reconcile` defaults to the latest.
-- Columns in primary-key order: replay checks compare tables ordered by their first two columns.
CREATE TABLE balance_assertions (
    account_id TEXT    NOT NULL REFERENCES accounts(account_id),
    position   INTEGER NOT NULL,
    date       TEXT    NOT NULL,
    amount     INTEGER NOT NULL,      -- minor units of `currency`
    currency   TEXT    NOT NULL,
    statement  TEXT,                  -- file:line it was read from
    PRIMARY KEY (account_id, position)
) WITHOUT ROWID;

CREATE INDEX balance_assertions_by_date ON balance_assertions (account_id, date);

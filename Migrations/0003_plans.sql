-- Plans: budget definitions and income goals, folded from BudgetSet, BudgetCleared and
-- IncomeGoalSet. Only the definitions are stored; budget and goal reports are computed from
-- them and the postings at report time, so an edit or void of a past transaction can never
-- leave a stale per-period figure behind. Like every projection, replay rebuilds them.

CREATE TABLE budget_definitions (
    account_id     TEXT    NOT NULL,
    position       INTEGER NOT NULL,          -- log position of the event: later wins
    effective_from TEXT    NOT NULL,
    period         TEXT    CHECK (period IN ('weekly', 'monthly')),  -- NULL for a clear
    amount         INTEGER CHECK (amount > 0),
    currency       TEXT,
    rollover       TEXT    CHECK (rollover IN ('none', 'positive', 'both')),
    PRIMARY KEY (account_id, position),
    CHECK ((period IS NULL) = (amount IS NULL) AND (amount IS NULL) = (currency IS NULL)
           AND (currency IS NULL) = (rollover IS NULL))
) WITHOUT ROWID;

CREATE TABLE income_goals (
    position       INTEGER PRIMARY KEY,
    effective_from TEXT    NOT NULL,
    period         TEXT    NOT NULL CHECK (period IN ('weekly', 'monthly')),
    amount         INTEGER NOT NULL CHECK (amount > 0),
    currency       TEXT    NOT NULL
);

-- Widgets and plan reports read windows of business dates (this week, this month, what was
-- dated after an as-of date), so they need not scan every transaction.
CREATE INDEX transactions_by_date ON transactions(date);

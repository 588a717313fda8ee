-- `kakeibo forecast` reads its rules (ForecastRuleSet events) from the log itself: they are few,
-- and no projection keeps them. Without an index that read scanned the whole events table on
-- every forecast (1.4 s on a 1M-event ledger, measured with sqlite3); this partial index holds
-- only the rule events, so the read costs what the rules cost.
CREATE INDEX events_forecast_rules ON events(position) WHERE type = 'ForecastRuleSet';

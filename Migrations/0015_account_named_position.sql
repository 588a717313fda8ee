-- The log position at which each account took the name it has now: its AccountOpened, or the
-- AccountRenamed that gave it that name (issue 30). The household server refuses an open or a
-- rename to a name its author had already seen taken (EventAdmission's authorSaw), and a name
-- taken after that position is a concurrent open, merged or marked as before. Projections only,
-- rebuilt on replay; filled here from the log so an existing ledger needs no rebuild.
ALTER TABLE accounts ADD COLUMN named_position INTEGER NOT NULL DEFAULT 0;
UPDATE accounts SET named_position = opened_position;
UPDATE accounts SET named_position = renamed.position
FROM (SELECT COALESCE(a.account_id, json_extract(e.payload, '$.account')) AS account_id, MAX(e.position) AS position
      FROM events e LEFT JOIN account_aliases a ON a.alias_id = json_extract(e.payload, '$.account')
      WHERE e.type = 'AccountRenamed' GROUP BY 1) AS renamed
WHERE renamed.account_id = accounts.account_id;

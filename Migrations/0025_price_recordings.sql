-- Price retraction (issue 29, N17): a `P` line deleted from a journal and imported again with
-- --replace, or `price EUR --retract`, takes a recorded price back (PriceRetracted). `prices` keeps
-- only the day's price in force, so it cannot say what stands once that one is retracted: this
-- table keeps every PriceRecorded, and the projector sets `prices` to the day's latest recording
-- still standing (or deletes the row). A projection: replay rebuilds it from the log.
-- `position` first: replay checks compare tables ordered by their first two columns.
CREATE TABLE price_recordings (
    position     INTEGER PRIMARY KEY,   -- the PriceRecorded's log position
    commodity    TEXT    NOT NULL,
    quote        TEXT    NOT NULL,
    date         TEXT    NOT NULL,
    value        TEXT    NOT NULL,      -- exact decimal as written, as in `prices`
    retracted_at INTEGER                -- the PriceRetracted's position; NULL while it stands
);
CREATE INDEX price_recordings_by_day ON price_recordings(commodity, quote, date, position);

-- A ledger opened before this migration has folded its prices up to its checkpoint: those
-- recordings come from the log (a price event's payload is canonical JSON); later events are
-- folded by the projector as usual.
INSERT INTO price_recordings (position, commodity, quote, date, value)
SELECT position, json_extract(payload, '$.commodity'), json_extract(payload, '$.quote'),
       json_extract(payload, '$.date'), json_extract(payload, '$.value')
FROM events
WHERE type = 'PriceRecorded'
  AND position <= COALESCE((SELECT position FROM projection_checkpoints WHERE projection = 'ledger'), 0);

-- The event log: the only truth. Rows are appended, never updated or deleted; the triggers
-- below make the database refuse anything else, whoever is writing.

PRAGMA application_id = 1263556677; -- 'KP'+'KE': marks the file as a Kakeibo ledger

CREATE TABLE events (
    position        INTEGER PRIMARY KEY CHECK (position >= 1), -- global, gapless, never reused
    event_id        TEXT    NOT NULL UNIQUE,
    stream          TEXT    NOT NULL,
    stream_version  INTEGER NOT NULL CHECK (stream_version >= 1),
    type            TEXT    NOT NULL,
    schema_version  INTEGER NOT NULL CHECK (schema_version >= 1),
    occurred_on     TEXT,                    -- business date (YYYY-MM-DD) when the event has one
    recorded_at     INTEGER NOT NULL,        -- Unix milliseconds, from the ledger's clock
    source          TEXT    NOT NULL,        -- manual | receipt | journal-import | csv-import
    provenance      TEXT,                    -- where in that source: a file and line, a receipt id
    actor           TEXT    NOT NULL,        -- who recorded it
    command_id      TEXT    NOT NULL,        -- the user action the event belongs to
    idempotency_key TEXT,                    -- on the first event of an action sent with a key
    command_hash    BLOB    CHECK (command_hash IS NULL OR length(command_hash) = 32),
    payload         TEXT    NOT NULL,        -- canonical JSON, amounts as integer minor units
    previous_hash   BLOB    NOT NULL CHECK (length(previous_hash) = 32),
    hash            BLOB    NOT NULL CHECK (length(hash) = 32),
    UNIQUE (stream, stream_version)
);

-- A user action's events are contiguous, so finding its first event by key finds them all.
CREATE UNIQUE INDEX events_by_idempotency_key ON events(idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TRIGGER events_refuse_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: UPDATE refused (record a correction instead)');
END;

CREATE TRIGGER events_refuse_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: DELETE refused (record a void instead)');
END;

CREATE TRIGGER events_gapless BEFORE INSERT ON events
WHEN NEW.position <> (SELECT IFNULL(MAX(position), 0) + 1 FROM events)
BEGIN
    SELECT RAISE(ABORT, 'event positions are gapless: the next position must follow the last');
END;

CREATE TRIGGER events_stream_contiguous BEFORE INSERT ON events
WHEN NEW.stream_version <> (SELECT IFNULL(MAX(stream_version), 0) + 1 FROM events WHERE stream = NEW.stream)
BEGIN
    SELECT RAISE(ABORT, 'stream versions are contiguous: the next version must follow the last');
END;

CREATE TRIGGER events_chained BEFORE INSERT ON events
WHEN NEW.previous_hash <> IFNULL((SELECT hash FROM events ORDER BY position DESC LIMIT 1), zeroblob(32))
BEGIN
    SELECT RAISE(ABORT, 'hash chain broken: previous_hash must equal the hash of the last event');
END;

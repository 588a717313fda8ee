/// Migration 1: the schema `server init` created before migrations were numbered (issue 19 to
/// issue 29), statement for statement. Frozen: a change is migration 2.
///
/// Its `IF NOT EXISTS` and `OR REPLACE` are what let it run on a database an older server made:
/// there every statement finds its table, index, function, trigger or role already in place and
/// changes nothing, so the household's ledgers, devices and events stay as they were and the
/// database is recorded at version 1; on an empty database it creates them. The later migrations
/// need no such guards: the version table says whether they ran.
///
/// Events keep their canonical payload as `text`, never `jsonb`: jsonb reorders keys and drops
/// duplicates (`{"b":1,"a":2.50,"a":3}` → `{"a": 3, "b": 1}`, measured on PostgreSQL 15.18), and
/// the hash chain covers the bytes. Positions are `max + 1` under the ledger row's lock, never a
/// sequence: with BIGSERIAL a reader polling `position > cursor` skipped 5 of 1,200 events
/// committed out of order; with the lock, 0 (notes/sync.md, A.1).
///
/// Its triggers are not the client's (`EventLogTrigger`, owned by the event store): PostgreSQL's share one
/// schema with every other table, hence the `kakeibo_` prefix; one function refuses UPDATE, DELETE and
/// TRUNCATE (SQLite has no TRUNCATE); and `kakeibo_events_gapless` checks the position and the chain together.
/// Nothing looks them up by name, so the names live in this frozen text only.
extension ServerMigration {
    static let v1Baseline = ServerMigration(version: 1, name: "baseline", statements: [
    """
    CREATE TABLE IF NOT EXISTS kakeibo_ledgers (
        ledger_id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name          text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
        head_position bigint NOT NULL DEFAULT 0 CHECK (head_position >= 0),
        head_hash     text NOT NULL DEFAULT repeat('0', 64) CHECK (length(head_hash) = 64),
        adoptable     boolean NOT NULL DEFAULT true,
        created_at    timestamptz NOT NULL DEFAULT now()
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS kakeibo_devices (
        device_id        text PRIMARY KEY,
        ledger_id        bigint NOT NULL REFERENCES kakeibo_ledgers,
        member           text NOT NULL,
        name             text NOT NULL,
        scope            text NOT NULL CHECK (scope IN ('read', 'write', 'admin')),
        secret_sha256    text NOT NULL CHECK (length(secret_sha256) = 64),
        created_at       timestamptz NOT NULL DEFAULT now(),
        revoked_at       timestamptz,
        last_used_at     timestamptz,
        last_seq         bigint NOT NULL DEFAULT 0,
        last_origin_hash text NOT NULL DEFAULT repeat('0', 64)
    )
    """,
    """
    CREATE TABLE IF NOT EXISTS kakeibo_events (
        ledger_id       bigint NOT NULL REFERENCES kakeibo_ledgers,
        position        bigint NOT NULL CHECK (position >= 1),
        event_id        text NOT NULL,
        stream          text NOT NULL,
        stream_version  bigint NOT NULL CHECK (stream_version >= 1),
        type            text NOT NULL,
        schema_version  bigint NOT NULL CHECK (schema_version >= 1),
        occurred_on     text,
        recorded_at     bigint NOT NULL,
        source          text NOT NULL,
        provenance      text,
        actor           text NOT NULL,
        command_id      text NOT NULL,
        idempotency_key text,
        command_hash    text,
        payload         text NOT NULL,
        previous_hash   text NOT NULL CHECK (length(previous_hash) = 64),
        hash            text NOT NULL CHECK (length(hash) = 64),
        device_id       text,
        device_seq      bigint,
        origin_hash     text,
        parent_event_id text,
        received_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ledger_id, position),
        UNIQUE (ledger_id, event_id),
        UNIQUE (ledger_id, stream, stream_version),
        UNIQUE (ledger_id, device_id, device_seq)
    )
    """,
    "CREATE UNIQUE INDEX IF NOT EXISTS kakeibo_events_idempotency ON kakeibo_events (ledger_id, idempotency_key) WHERE idempotency_key IS NOT NULL",
    """
    CREATE OR REPLACE FUNCTION kakeibo_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'the event log is append-only: % refused', TG_OP;
    END $$
    """,
    "CREATE OR REPLACE TRIGGER kakeibo_events_refuse_update BEFORE UPDATE OR DELETE ON kakeibo_events FOR EACH ROW EXECUTE FUNCTION kakeibo_events_refuse_change()",
    "CREATE OR REPLACE TRIGGER kakeibo_events_refuse_truncate BEFORE TRUNCATE ON kakeibo_events FOR EACH STATEMENT EXECUTE FUNCTION kakeibo_events_refuse_change()",
    """
    CREATE OR REPLACE FUNCTION kakeibo_events_gapless() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE last_position bigint; last_hash text;
    BEGIN
        SELECT position, hash INTO last_position, last_hash FROM kakeibo_events
        WHERE ledger_id = NEW.ledger_id ORDER BY position DESC LIMIT 1;
        IF NEW.position <> coalesce(last_position, 0) + 1 THEN
            RAISE EXCEPTION 'event positions are gapless: % does not follow %', NEW.position, coalesce(last_position, 0);
        END IF;
        IF NEW.previous_hash <> coalesce(last_hash, repeat('0', 64)) THEN
            RAISE EXCEPTION 'hash chain broken at position %', NEW.position;
        END IF;
        RETURN NEW;
    END $$
    """,
    "CREATE OR REPLACE TRIGGER kakeibo_events_gapless BEFORE INSERT ON kakeibo_events FOR EACH ROW EXECUTE FUNCTION kakeibo_events_gapless()",
    """
    DO $$ BEGIN
        IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kakeibo_app') THEN CREATE ROLE kakeibo_app NOLOGIN; END IF;
    END $$
    """,
    // Pushed events kept aside (ConflictRule): never applied. The log gets a TransactionConflicted
    // for each, which is what devices list; this table answers a retried push and keeps the bytes.
    """
    CREATE TABLE IF NOT EXISTS kakeibo_conflicts (
        ledger_id       bigint NOT NULL REFERENCES kakeibo_ledgers,
        event_id        text NOT NULL,
        stream          text NOT NULL,
        device_id       text NOT NULL,
        device_seq      bigint NOT NULL,
        origin_hash     text NOT NULL CHECK (length(origin_hash) = 64),
        parent_event_id text,
        fields          text NOT NULL,
        kept            text NOT NULL,
        payload         text NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ledger_id, event_id),
        UNIQUE (ledger_id, device_id, device_seq)
    )
    """,
    // Pushed commands another device had already recorded under the same idempotency key and
    // command hash (the same journal or CSV lines imported on two devices offline), with the
    // events that followed them on their streams: never applied, so the pushing device ends
    // up with the ledger's copy; this table answers a retried push and keeps the bytes.
    """
    CREATE TABLE IF NOT EXISTS kakeibo_already_recorded (
        ledger_id       bigint NOT NULL REFERENCES kakeibo_ledgers,
        event_id        text NOT NULL,
        device_id       text NOT NULL,
        device_seq      bigint NOT NULL,
        origin_hash     text NOT NULL CHECK (length(origin_hash) = 64),
        recorded_as     text NOT NULL,
        payload         text NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ledger_id, event_id),
        UNIQUE (ledger_id, device_id, device_seq)
    )
    """,
    "REVOKE ALL ON kakeibo_events, kakeibo_ledgers, kakeibo_devices, kakeibo_conflicts, kakeibo_already_recorded FROM kakeibo_app",
    "GRANT SELECT, INSERT ON kakeibo_already_recorded TO kakeibo_app",
    "GRANT SELECT, INSERT ON kakeibo_conflicts TO kakeibo_app",
    "GRANT SELECT, INSERT ON kakeibo_events TO kakeibo_app",
    "GRANT SELECT, UPDATE (head_position, head_hash, adoptable) ON kakeibo_ledgers TO kakeibo_app",
    "GRANT SELECT, UPDATE (last_used_at, last_seq, last_origin_hash) ON kakeibo_devices TO kakeibo_app",
    ])
}

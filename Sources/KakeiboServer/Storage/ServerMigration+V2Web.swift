/// Migration 2: the web app's sign-in and attachments (issue 31). Frozen once shipped.
///
/// - `kakeibo_devices.kind`: a browser enrolled through an invite is a device like a token's
///   (`server token list` shows it, revoking it signs it out), marked `browser`; its
///   `secret_sha256` is of random bytes nobody holds, so it can never be used as a bearer.
/// - `kakeibo_invites`: one-time sign-in links. Only the SHA-256 of the code's secret is kept; the
///   public `invite_id` finds the row, and the secret's digest is then compared in constant time.
/// - `kakeibo_sessions`: a browser's session cookie (`session_id` + secret, only its SHA-256
///   stored) and the per-session CSRF token every form carries.
/// - `kakeibo_attachments`: receipt photos, content-addressed by the SHA-256 `ReceiptScanned`
///   carries; kept as bytes in PostgreSQL, the one truth the server backs up.
extension ServerMigration {
    static let v2Web = ServerMigration(version: 2, name: "web", statements: [
    "ALTER TABLE kakeibo_devices ADD COLUMN kind text NOT NULL DEFAULT 'token' CHECK (kind IN ('token', 'browser'))",
    """
    CREATE TABLE kakeibo_invites (
        invite_id     text PRIMARY KEY,
        ledger_id     bigint NOT NULL REFERENCES kakeibo_ledgers,
        member        text NOT NULL,
        scope         text NOT NULL CHECK (scope IN ('read', 'write')),
        secret_sha256 text NOT NULL CHECK (length(secret_sha256) = 64),
        created_at    timestamptz NOT NULL DEFAULT now(),
        expires_at    timestamptz NOT NULL,
        redeemed_at   timestamptz,
        device_id     text REFERENCES kakeibo_devices
    )
    """,
    """
    CREATE TABLE kakeibo_sessions (
        session_id    text PRIMARY KEY,
        device_id     text NOT NULL REFERENCES kakeibo_devices,
        secret_sha256 text NOT NULL CHECK (length(secret_sha256) = 64),
        csrf_token    text NOT NULL CHECK (length(csrf_token) >= 32),
        user_agent    text,
        created_at    timestamptz NOT NULL DEFAULT now(),
        expires_at    timestamptz NOT NULL
    )
    """,
    """
    CREATE TABLE kakeibo_attachments (
        ledger_id  bigint NOT NULL REFERENCES kakeibo_ledgers,
        sha256     text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        bytes      bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ledger_id, sha256)
    )
    """,
    "REVOKE ALL ON kakeibo_invites, kakeibo_sessions, kakeibo_attachments FROM kakeibo_app",
    "GRANT SELECT, INSERT ON kakeibo_attachments TO kakeibo_app",
    ])
}

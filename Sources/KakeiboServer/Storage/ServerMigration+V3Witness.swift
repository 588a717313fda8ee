/// Migration 3: provable books (issue 34, part 5): the Merkle tree over each ledger's log, the
/// server's checkpoint-signing key, and the cosignatures devices push. Frozen once shipped.
///
/// - `kakeibo_tree_nodes`: every complete subtree of the RFC 9162 tree over a ledger's chain
///   hashes, as (level, index) → hash: node (l, i) covers leaves i·2^l ..< (i+1)·2^l. A
///   projection of `kakeibo_events` (never the truth): appending n leaves adds < 2n rows and reads
///   at most 64 (the right edge), so a push does O(log n) work whatever the ledger's length; any
///   root or proof is at most 64·64 of these rows (`ServerStore+Tree`).
/// - `kakeibo_signing_keys`: the server's one Ed25519 key, created by the first checkpoint asked
///   for, kept with the books it signs for (a restored backup signs with the same key, so devices
///   that pinned it keep trusting it). Whoever can read the database can sign as the server, as
///   they could already rewrite its log: devices' cosignatures are what catch that.
/// - `kakeibo_cosignatures`: the latest checkpoint each device cosigned per size, the whole signed
///   note as it pushed it (the server's signature and the device's), served back to the others.
extension ServerMigration {
    static let v3Witness = ServerMigration(version: 3, name: "witness", statements: [
    """
    CREATE TABLE kakeibo_tree_nodes (
        ledger_id bigint NOT NULL REFERENCES kakeibo_ledgers,
        level     integer NOT NULL CHECK (level BETWEEN 0 AND 62),
        idx       bigint NOT NULL CHECK (idx >= 0),
        hash      text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
        PRIMARY KEY (ledger_id, level, idx)
    )
    """,
    """
    CREATE TABLE kakeibo_signing_keys (
        singleton   integer PRIMARY KEY CHECK (singleton = 1),
        private_key text NOT NULL CHECK (private_key LIKE 'PRIVATE+KEY+%'),
        created_at  timestamptz NOT NULL DEFAULT now()
    )
    """,
    """
    CREATE TABLE kakeibo_cosignatures (
        ledger_id    bigint NOT NULL REFERENCES kakeibo_ledgers,
        device_id    text NOT NULL REFERENCES kakeibo_devices,
        size         bigint NOT NULL CHECK (size >= 0),
        root         text NOT NULL CHECK (root ~ '^[0-9a-f]{64}$'),
        verifier_key text NOT NULL,
        note         text NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ledger_id, device_id, size)
    )
    """,
    "REVOKE ALL ON kakeibo_tree_nodes, kakeibo_signing_keys, kakeibo_cosignatures FROM kakeibo_app",
    "GRANT SELECT, INSERT ON kakeibo_tree_nodes, kakeibo_signing_keys TO kakeibo_app",
    "GRANT SELECT, INSERT, UPDATE ON kakeibo_cosignatures TO kakeibo_app",
    ])
}

import Foundation
import KakeiboServer
import PostgresNIO

/// A server crash before commit, in process: a deferred constraint trigger on `kakeibo_ledgers` raises at COMMIT for
/// a ledger listed in `sim_commit_faults`, so the push or upload does all its work (locks, inserts, kept-aside rows,
/// the server's replica) and PostgreSQL then rolls it back, exactly as if the process had died just before COMMIT.
///
/// Why not `FaultHook`: its points end the process (`_exit(137)`), which a test running the store in process cannot
/// survive; `ServerProcessTests` cover that path with the real binary. Every push and upload updates its ledger's row
/// (head, adoptable), so the trigger fires for both. Rows name one ledger, and each seed has its own ledger.
enum CommitFault {
    /// `install`, once per test process (seeds run concurrently: two `CREATE OR REPLACE FUNCTION` at once collide).
    static func installOnce(_ store: ServerStore) async throws {
        try await installation.run { try await install(store) }
    }

    private static let installation = Once()

    /// Creates the table, function and trigger (as the URL's superuser); harmless to repeat.
    static func install(_ store: ServerStore) async throws {
        let statements = [
            "CREATE TABLE IF NOT EXISTS sim_commit_faults (ledger_id bigint PRIMARY KEY)",
            """
            CREATE OR REPLACE FUNCTION sim_commit_fault() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM sim_commit_faults WHERE ledger_id = NEW.ledger_id) THEN
                    RAISE EXCEPTION 'simulated server crash before commit';
                END IF;
                RETURN NULL;
            END $$
            """,
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'sim_commit_fault') THEN
                    CREATE CONSTRAINT TRIGGER sim_commit_fault AFTER UPDATE ON kakeibo_ledgers
                        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sim_commit_fault();
                END IF;
            END $$
            """,
        ]
        for statement in statements {
            _ = try await store.client.query(PostgresQuery(unsafeSQL: statement), logger: store.logger).collect()
        }
    }

    static func ledgerID(_ store: ServerStore, ledger: String) async throws -> Int64 {
        let rows = try await store.client.query("SELECT ledger_id FROM kakeibo_ledgers WHERE name = \(ledger)", logger: store.logger).collect()
        return try rows.first!.decode(Int64.self)
    }

    static func arm(_ store: ServerStore, ledgerID: Int64) async throws {
        _ = try await store.client.query("INSERT INTO sim_commit_faults (ledger_id) VALUES (\(ledgerID)) ON CONFLICT DO NOTHING",
                                         logger: store.logger).collect()
    }

    static func disarm(_ store: ServerStore, ledgerID: Int64) async throws {
        _ = try await store.client.query("DELETE FROM sim_commit_faults WHERE ledger_id = \(ledgerID)", logger: store.logger).collect()
    }
}

/// Runs an async body once; later callers wait for the first run.
actor Once {
    private var task: Task<Void, any Error>?

    func run(_ body: @escaping @Sendable () async throws -> Void) async throws {
        if task == nil { task = Task { try await body() } }
        try await task!.value
    }
}

import GRDB
import KakeiboDomain
import KakeiboEventStore

/// A live transaction an earlier import recorded, and where it came from.
public struct ImportedTransaction: Hashable, Sendable {
    public var transactionID: String
    public var idempotencyKey: String
    /// `file:line` in the file it was imported from.
    public var provenance: String
    public var date: LocalDate
    public var payee: String?
}

extension Ledger {
    /// The live transactions an earlier import recorded (keys starting with `keyPrefix`) from the
    /// files this import descends from, which this import no longer contains.
    ///
    /// The files are `files` (this import's, by name) and every file most of whose live
    /// transactions this import holds: a corrected copy of a journal under a new name still
    /// matches most of the old one, and so answers for the transactions the old one recorded.
    /// Two different journals that share a few lines (the same salary, the same rent) do not.
    public func importedTransactions(missingFrom keys: Set<String>, keyPrefix: String,
                                     files: Set<String>) throws -> [ImportedTransaction] {
        try writer.read { db in
            try db.withPageCache(kibibytes: Self.scanCacheKiB) {
                // One pass over a cursor: every earlier import's row is counted by its file and
                // only those this import no longer holds are kept, so memory follows the missing
                // transactions, not the size of the log.
                let rows = try Row.fetchCursor(db, sql: """
                    SELECT e.idempotency_key, e.provenance, t.txn_id, t.date, t.payee, e.position
                    FROM events e JOIN transactions t ON t.txn_id = substr(e.stream, 5)
                    WHERE e.idempotency_key >= ? AND e.idempotency_key < ? AND t.is_voided = 0
                    """, arguments: [keyPrefix, keyPrefix + "\u{10FFFF}"])
                var recorded: [String: (total: Int, shared: Int)] = [:]
                var missing: [(position: Int64, file: String, transaction: ImportedTransaction)] = []
                while let row = try rows.next() {
                    let provenance: String? = row[1]
                    guard let provenance else { continue }
                    let file = provenance.lastIndex(of: ":").map { String(provenance[..<$0]) } ?? provenance
                    let key: String = row[0]
                    let shared = keys.contains(key)
                    recorded[file, default: (0, 0)].total += 1
                    if shared {
                        recorded[file, default: (0, 0)].shared += 1
                    } else {
                        missing.append((row[5], file, ImportedTransaction(transactionID: row[2], idempotencyKey: key,
                                                                           provenance: provenance, date: try LocalDate(iso: row[3]),
                                                                           payee: row[4])))
                    }
                }
                let lineage = files.union(recorded.filter { $0.value.shared * 2 > $0.value.total }.keys)
                return missing.filter { lineage.contains($0.file) }.sorted { $0.position < $1.position }.map(\.transaction)
            }
        }
    }
}

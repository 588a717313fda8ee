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
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.idempotency_key, e.provenance, t.txn_id, t.date, t.payee
                FROM events e JOIN transactions t ON t.txn_id = substr(e.stream, 5)
                WHERE e.idempotency_key >= ? AND e.idempotency_key < ? AND t.is_voided = 0
                ORDER BY e.position
                """, arguments: [keyPrefix, keyPrefix + "\u{10FFFF}"])
            func file(_ provenance: String?) -> String? {
                guard let provenance, let colon = provenance.lastIndex(of: ":") else { return provenance }
                return String(provenance[..<colon])
            }
            var recorded: [String: (total: Int, shared: Int)] = [:]
            for row in rows {
                guard let file = file(row[1]) else { continue }
                recorded[file, default: (0, 0)].total += 1
                if keys.contains(row[0]) { recorded[file, default: (0, 0)].shared += 1 }
            }
            let lineage = files.union(recorded.filter { $0.value.shared * 2 > $0.value.total }.keys)
            return try rows.compactMap { row -> ImportedTransaction? in
                let key: String = row[0]
                guard !keys.contains(key), let provenance: String = row[1], let source = file(provenance),
                      lineage.contains(source) else { return nil }
                return ImportedTransaction(transactionID: row[2], idempotencyKey: key, provenance: provenance,
                                           date: try LocalDate(iso: row[3]), payee: row[4])
            }
        }
    }
}

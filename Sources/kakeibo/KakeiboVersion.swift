import KakeiboEventStore

/// What `kakeibo --version` prints: the program's version and the ledger schema it writes (its last migration).
enum KakeiboVersion {
    static let program = "0.16.0"

    static var schema: String {
        let last = LedgerDatabase.knownMigrations.last ?? "0"
        return String(Int(last.prefix { $0.isNumber }) ?? 0)
    }

    static var text: String { "kakeibo \(program) (ledger schema \(schema))" }
}

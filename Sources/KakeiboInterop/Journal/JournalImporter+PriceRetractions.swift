import KakeiboDomain
import KakeiboLedger

// `import journal --replace` and the journal's `P` lines (issue 29, N17): a line deleted from the
// file takes its price back, as a deleted transaction is voided.

extension JournalImporter {
    static let priceKeyPrefix = "journal-price:"
    static let priceRetractionReason = "no longer in the journal; replaced on re-import"

    /// The earlier imports' `P` lines of this journal (`isThisJournal`, by provenance file) that its
    /// price entries no longer hold and that still stand, as retractions (recorded with `replace`;
    /// without it the import only counts them, so the CLI can say how to take them back).
    /// A price recorded by hand (no key) or by another journal (another file) is not among them.
    ///
    /// Also re-keys a price entry whose every earlier recording was retracted: its key is in the log
    /// already, so it would read as recorded and the line put back would stay retracted. The new
    /// key counts the recordings before it (`journal-price:<digest>:<n>#2`).
    static func priceRetractions(rekeying entries: inout [Entry], in ledger: Ledger,
                                 isThisJournal: (_ file: String) -> Bool) throws -> [Entry] {
        let earlier = try ledger.importedPrices(keyPrefix: priceKeyPrefix)
        guard !earlier.isEmpty else { return [] }
        func base(_ key: String) -> Substring { key.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
        let byBase = Dictionary(grouping: earlier) { base($0.idempotencyKey) }
        var held: Set<Substring> = []
        for index in entries.indices where entries[index].kind == .price {
            guard let key = entries[index].options.idempotencyKey else { continue }
            held.insert(base(key))
            guard let recorded = byBase[base(key)], !recorded.isEmpty else { continue }
            if let standing = recorded.last(where: \.isStanding) {
                entries[index].options.idempotencyKey = standing.idempotencyKey
            } else {
                entries[index].options.idempotencyKey = "\(base(key))#\(recorded.count + 1)"
            }
        }
        return earlier.filter { old in
            guard old.isStanding, !held.contains(base(old.idempotencyKey)) else { return false }
            return isThisJournal(file(of: old.provenance))
        }.map { old in
            let input = LedgerCommand.PriceRetractionInput(date: old.price.date, commodity: old.price.commodity, quote: old.price.quote,
                                                           value: old.price.value.description, reason: priceRetractionReason)
            return Entry(command: .retractPrice(input), options: CommandOptions(source: .journalImport, provenance: old.provenance),
                         location: SourceLocation(file: file(of: old.provenance), line: line(of: old.provenance)), kind: .priceRetraction)
        }
    }

    /// `file` of a `file:line` provenance.
    static func file(of provenance: String) -> String {
        provenance.lastIndex(of: ":").map { String(provenance[..<$0]) } ?? provenance
    }

    /// `line` of a `file:line` provenance; 0 when it has none.
    static func line(of provenance: String) -> Int {
        provenance.lastIndex(of: ":").flatMap { Int(provenance[provenance.index(after: $0)...]) } ?? 0
    }
}

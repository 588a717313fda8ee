import KakeiboDomain

/// A journal read once without keeping its transactions: everything else it holds, and how to
/// read its transactions again, the same way, as often as a caller needs them.
///
/// A journal kept whole costs ~0.93 KB a transaction in memory (321 MB for 300k transactions,
/// `/usr/bin/time`); streamed, the reader holds one transaction at a time.
public struct JournalStream: Sendable {
    /// What the files hold besides transactions (`transactions` is empty); its balance assertions
    /// were checked on the first pass unless `needsDateOrder`.
    public var journal: Journal
    /// The files have balance assertions and their dates go back somewhere: hledger checks
    /// assertions in date order, which a pass in file order cannot. Read the journal whole.
    public var needsDateOrder: Bool
    let path: String
    let settings: JournalReader.Settings

    /// Reads the transactions again, in file order, handing each to `each` until it returns
    /// false. Assertions are not checked again.
    public func readAgain(_ each: @escaping (JournalTransaction) -> Bool) throws(ImportError) {
        var reader = JournalReader(settings)
        reader.sink = each
        try reader.readFile(displayPath: path, includedFrom: nil)
    }
}

extension JournalReader {
    /// Reads `path` (and its includes) as `read(path:)` does, handing each transaction to `each`
    /// instead of keeping it. A journal with bare amounts of more decimals than the first met may
    /// be read more than once: `restart` is called before each reading, `each` sees every
    /// transaction of the last one.
    public static func stream(path: String, currentYear: Int? = nil, restart: () -> Void,
                              each: @escaping (JournalTransaction) -> Void) throws(ImportError) -> JournalStream {
        let (reader, settings) = try readFixingBarePrecision(currentYear: currentYear) { (reader) throws(ImportError) in
            restart()
            reader.sink = { each($0); return true }
            reader.inOrderAssertions = InOrderAssertions()
            try reader.readFile(displayPath: path, includedFrom: nil)
        }
        let order = reader.inOrderAssertions
        return JournalStream(journal: reader.journal,
                             needsDateOrder: order.map { $0.outOfOrder && $0.sawAssertion } ?? false,
                             path: path, settings: settings)
    }
}

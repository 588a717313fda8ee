import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

extension JournalImporter {
    /// A transaction's idempotency key, `journal:<32 hex digits>:<occurrence>`, held as 20 bytes
    /// rather than a 43-character String: an import keeps one per transaction in the file.
    struct ImportKey: Hashable, Sendable {
        var digest: Digest
        var occurrence: UInt32

        /// The first 16 bytes of the content's SHA-256 (`contentDigest`), as two integers.
        struct Digest: Hashable, Comparable, Sendable {
            var high: UInt64
            var low: UInt64

            static func < (a: Digest, b: Digest) -> Bool { (a.high, a.low) < (b.high, b.low) }

            /// The first 16 of `bytes`, big-endian: sorted as the hex digits that spell them.
            init(_ bytes: some Sequence<UInt8>) {
                var high: UInt64 = 0, low: UInt64 = 0
                for (index, byte) in bytes.prefix(16).enumerated() {
                    if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
                }
                self.high = high
                self.low = low
            }

            init(high: UInt64, low: UInt64) {
                self.high = high
                self.low = low
            }

            var hex: String {
                EventHasher.hex((0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (56 - 8 * ($0 % 8))) })
            }
        }

        /// Reads `journal:<digest>:<occurrence>` (32 lowercase hex digits, a decimal occurrence);
        /// nil for any other key. A re-import reads every key an earlier import of its files
        /// recorded, so this reads the bytes in place: splitting and decoding through Strings and
        /// arrays was 0.14 s of a 100k-transaction re-import's 1.9 s (perf).
        init?(_ text: String) {
            var text = text
            guard let key = text.withUTF8({ Self.parse($0) }) else { return nil }
            self = key
        }

        private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ImportKey? {
            let prefix: StaticString = "journal:"
            let start = prefix.utf8CodeUnitCount, colon = start + 32
            guard bytes.count > colon + 1,
                  UnsafeBufferPointer(start: prefix.utf8Start, count: start).elementsEqual(bytes[..<start]),
                  bytes[colon] == UInt8(ascii: ":"),
                  let digest = KakeiboEventStore.bytes(fromHexDigits: bytes[start..<colon], lowercaseOnly: true) else { return nil }
            var occurrence: UInt32 = 0
            for c in bytes[(colon + 1)...] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else { return nil }
                let (times, overflow) = occurrence.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt32(c - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                occurrence = sum
            }
            return ImportKey(digest: Digest(digest), occurrence: occurrence)
        }

        init(digest: Digest, occurrence: UInt32) {
            self.digest = digest
            self.occurrence = occurrence
        }

        /// What the log stores as the command's fingerprint: the key without its occurrence.
        var fingerprint: String { "journal:\(digest.hex)" }
        var text: String { spelled.text }
        /// The key and its fingerprint, spelling the digest once for both (every new transaction needs both).
        var spelled: (text: String, fingerprint: String) {
            let fingerprint = fingerprint
            return ("\(fingerprint):\(occurrence)", fingerprint)
        }
    }

    /// Every transaction's content digest, in file order, 16 bytes each: how many times each
    /// content comes (so which keys the journal holds) once `sorted`, and a mix of them in order,
    /// which a second pass over unchanged files reproduces.
    struct DigestTally {
        private(set) var digests: [ImportKey.Digest] = []
        private(set) var mix: UInt64 = 0xcbf2_9ce4_8422_2325
        private var isSorted = true

        mutating func add(_ input: LedgerCommand.TransactionInput) {
            let digest = contentDigest(input)
            if let last = digests.last, last > digest { isSorted = false }
            digests.append(digest)
            mix = Self.mixing(mix, digest)
        }

        static func mixing(_ mix: UInt64, _ digest: ImportKey.Digest) -> UInt64 {
            (mix ^ digest.high ^ (digest.low &* 31)) &* 0x0000_0100_0000_01b3
        }

        /// Sorts the digests, so `holds` and `repeated` can answer (the mix is kept).
        mutating func sort() {
            if !isSorted { digests.sort() }
            isSorted = true
        }

        /// Whether the journal holds `key`: its content comes more than `occurrence` times. Sorted first.
        func holds(_ key: ImportKey) -> Bool {
            let first = lowerBound(key.digest)
            let index = first + Int(key.occurrence)
            return index < digests.count && digests[index] == key.digest
        }

        /// The contents that come more than once. Sorted first.
        var repeated: Set<ImportKey.Digest> {
            var repeated: Set<ImportKey.Digest> = []
            for index in digests.indices.dropFirst() where digests[index] == digests[index - 1] { repeated.insert(digests[index]) }
            return repeated
        }

        private func lowerBound(_ digest: ImportKey.Digest) -> Int {
            var low = 0, high = digests.count
            while low < high {
                let middle = (low + high) / 2
                if digests[middle] < digest { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// Numbers identical transactions in file order (the first is occurrence 0, the next 1),
    /// counting only the contents a survey found more than once: every other one is a first.
    struct KeyCounter {
        let repeated: Set<ImportKey.Digest>
        private var occurrences: [ImportKey.Digest: UInt32] = [:]
        private(set) var mix: UInt64 = DigestTally().mix
        private(set) var count = 0

        init(repeated: Set<ImportKey.Digest>) {
            self.repeated = repeated
        }

        mutating func key(for input: LedgerCommand.TransactionInput) -> ImportKey {
            let digest = contentDigest(input)
            mix = DigestTally.mixing(mix, digest)
            count += 1
            guard repeated.contains(digest) else { return ImportKey(digest: digest, occurrence: 0) }
            let occurrence = occurrences[digest, default: 0]
            occurrences[digest] = occurrence + 1
            return ImportKey(digest: digest, occurrence: occurrence)
        }
    }

    /// What planning an import needs from the journal's transactions, learnt in one pass over
    /// them without keeping them: the accounts they post to, in order of first mention, with
    /// their commodities; each transaction's key; the first date; the rounded conversions.
    struct TransactionSurvey {
        /// The ledger's accounts when the import was planned.
        let existing: [AccountName: Account]
        var order: [AccountName] = []
        var firstSeen: [AccountName: SourceLocation] = [:]
        var currencies: [AccountName: Currency] = [:]
        /// Accounts the journal posts two commodities to: opened without a commodity constraint.
        var severalCommodities: Set<AccountName> = []
        /// The conversion accounts priced postings need, which are equity whatever a declaration says.
        var conversionAccounts: Set<AccountName> = []
        /// The first posting the ledger would refuse (an account's currency, a closed account),
        /// thrown once the journal has read without error, as planning a read journal would.
        var problem: (any Error)?
        var digests = DigestTally()
        var count = 0
        var firstDate: LocalDate?
        /// Priced postings whose weight had to be rounded to the cost commodity's minor unit, with
        /// the exact remainder (at most half a minor unit): hledger #2041's 84.01 USD @ 2.495 GEL.
        var roundedConversions: [JournalImportReport.RoundedConversion] = []

        init(existing: [AccountName: Account]) {
            self.existing = existing
        }

        mutating func add(_ transaction: JournalTransaction) {
            count += 1
            if firstDate.map({ transaction.date < $0 }) ?? true { firstDate = transaction.date }
            if problem == nil {
                do { digests.add(try JournalImporter.command(for: transaction)) } catch { problem = error }
            }
            for posting in transaction.postings {
                if let cost = posting.cost, let (weight, residual) = try? cost.weight(of: posting.amount), residual.mantissa != 0 {
                    roundedConversions.append(.init(location: posting.location, weight: weight, residual: residual))
                }
                guard problem == nil else { continue }
                do { try add(posting) } catch { problem = error }
            }
        }

        private mutating func add(_ posting: JournalPosting) throws {
            mention(posting.account, at: posting.location)
            if let cost = posting.cost {
                // The conversion accounts the decider posts to, opened with the rest.
                for side in [posting.amount.currency, cost.commodity] {
                    let name = try AccountName(ConversionAccount.name(between: posting.amount.currency, and: cost.commodity, side: side))
                    mention(name, at: posting.location)
                    conversionAccounts.insert(name)
                    if currencies[name] == nil { currencies[name] = side }
                }
            }
            if let account = existing[posting.account] {
                guard account.accepts(posting.amount.currency) else {
                    throw ImportError.currencyMismatch(posting.location, account: account.name.rawValue,
                                                        accountCurrency: account.currency.code, found: posting.amount.currency.code)
                }
                guard !account.isClosed else {
                    throw ImportError.refused(posting.location, reason: LedgerError.accountClosed(account.name.rawValue).description)
                }
            }
            if currencies[posting.account] == nil { currencies[posting.account] = posting.amount.currency }
            if currencies[posting.account] != posting.amount.currency { severalCommodities.insert(posting.account) }
        }

        private mutating func mention(_ name: AccountName, at location: SourceLocation) {
            if firstSeen[name] == nil { firstSeen[name] = location; order.append(name) }
        }

        /// The first pass over the journal at `path`: read on another core and handed over a chunk
        /// at a time while this thread surveys it. Nothing is recorded before this pass ends, so
        /// it is all of the import's wall time until then; on a 100k-transaction journal the
        /// survey's own work (a command and its digest per transaction) was 0.3 s of the pass's
        /// 1.4 s (perf) when it ran on the reading thread.
        static func read(path: String, currentYear: Int?, existing: [AccountName: Account]) throws -> (TransactionSurvey, JournalStream) {
            enum Handed: Sendable { case restart, transactions([JournalTransaction]) }
            final class Outcome: @unchecked Sendable { var stream: JournalStream? }
            let handoff = BoundedHandoff<Handed>(depth: 4), outcome = Outcome()
            handoff.produceOnAnotherThread {
                var chunk: [JournalTransaction] = []
                // `put` throws only once this thread's reader has stopped taking, when the
                // reading no longer matters.
                outcome.stream = try JournalReader.stream(path: path, currentYear: currentYear, restart: {
                    chunk = []
                    try? handoff.put(.restart)
                }, each: { transaction in
                    chunk.append(transaction)
                    if chunk.count == JournalImporter.transactionChunk {
                        try? handoff.put(.transactions(chunk))
                        chunk = []
                    }
                })
                try handoff.put(.transactions(chunk))
            }
            defer { handoff.abandon() }
            var survey = TransactionSurvey(existing: existing)
            while let handed = try handoff.take() {
                switch handed {
                case .restart: survey = TransactionSurvey(existing: existing)
                case .transactions(let chunk): for transaction in chunk { survey.add(transaction) }
                }
            }
            guard let stream = outcome.stream else { preconditionFailure("the reading thread finished without a stream or an error") }
            return (survey, stream)
        }
    }

    /// A journal's transactions, in file order, as often as an import needs them: from memory,
    /// or read again from the files.
    struct TransactionSource: Sendable {
        /// Hands every transaction to the closure until it returns false.
        let forEach: @Sendable (_ each: @escaping (JournalTransaction) -> Bool) throws -> Void

        static func held(_ transactions: [JournalTransaction]) -> TransactionSource {
            TransactionSource { each in
                for transaction in transactions where !each(transaction) { return }
            }
        }

        /// Reads the files again, the way the first pass read them.
        static func reread(_ stream: JournalStream) -> TransactionSource {
            TransactionSource { each in try stream.readAgain(each) }
        }
    }
}

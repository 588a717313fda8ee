import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger

/// Turns a read journal into ledger commands and records them in one batch: all or nothing.
///
/// Each transaction is keyed by its normalised content and its occurrence among identical
/// transactions in the file, and the key is stored in the log with the events. Re-importing the
/// same file appends nothing; a file that extends one imported before appends only what is new;
/// two genuinely identical coffees are the first and second occurrence, so both stay.
public enum JournalImporter {
    /// A command with where it came from.
    struct Entry: Sendable {
        enum Kind { case structure, transaction, price, priceRetraction, void, budget, forecast, assertion }
        var command: LedgerCommand
        var options: CommandOptions
        var location: SourceLocation
        var kind: Kind = .structure
    }

    /// Records `journal` into `ledger`, opening the accounts it needs first.
    ///
    /// Transactions an earlier import of this journal recorded and the journal no longer holds
    /// (a corrected amount is a different transaction) refuse the import, unless `replace`
    /// voids them in the same batch.
    public static func importJournal(_ journal: Journal, into ledger: Ledger, replace: Bool = false) throws -> JournalImportReport {
        try ConcurrentImport.retrying { try importHeld(journal, existing: try existingAccounts(ledger), into: ledger, replace: replace) }
    }

    /// Reads the journal at `path` (as `JournalReader.read(path:currentYear:)`) and records it as
    /// `importJournal(_:into:replace:)` does, without holding its transactions: a first pass
    /// learns what planning needs, a second reads them again while they are recorded. Memory
    /// follows the accounts and one 16-byte digest per transaction, not the file.
    ///
    /// A journal whose balance assertions need date order and whose dates go back somewhere is
    /// read whole instead: hledger checks assertions in date order.
    ///
    /// `progress` is told how many of the transactions to append are recorded, every 1,024 and
    /// once at the end (a 1M-transaction journal takes about a minute and a half).
    public static func importJournal(path: String, currentYear: Int?, into ledger: Ledger, replace: Bool = false,
                                     progress: (_ recorded: Int, _ total: Int) -> Void = { _, _ in }) throws -> JournalImportReport {
        try ConcurrentImport.retrying {
            let existing = try existingAccounts(ledger)
            var (survey, stream) = try TransactionSurvey.read(path: path, currentYear: currentYear, existing: existing)
            guard !stream.needsDateOrder else {
                return try importHeld(try JournalReader.read(path: path, currentYear: currentYear), existing: existing,
                                      into: ledger, replace: replace, progress: progress)
            }
            return try importOnce(stream.journal, &survey, from: .reread(stream), into: ledger, replace: replace, progress: progress)
        }
    }

    /// One attempt at a journal read whole: its transactions surveyed and recorded from memory.
    private static func importHeld(_ journal: Journal, existing: [AccountName: Account], into ledger: Ledger,
                                   replace: Bool, progress: (_ recorded: Int, _ total: Int) -> Void = { _, _ in }) throws -> JournalImportReport {
        var survey = TransactionSurvey(existing: existing)
        for transaction in journal.transactions { survey.add(transaction) }
        return try importOnce(journal, &survey, from: .held(journal.transactions), into: ledger, replace: replace, progress: progress)
    }

    static func existingAccounts(_ ledger: Ledger) throws -> [AccountName: Account] {
        Dictionary(try ledger.accounts().map { ($0.account.name, $0.account) }, uniquingKeysWith: { a, _ in a })
    }

    /// Transactions handed from the planning thread to the recording one at a time: enough to
    /// keep both cores busy, few enough that the commands in flight cost a few megabytes.
    static let transactionChunk = 1024

    /// One import attempt, streamed: the journal's transactions (read again from `source`) become
    /// commands on another core, a chunk at a time, while this thread records them, in one
    /// transaction (all or nothing); neither the commands nor their results are held for the
    /// whole file. `journal` holds everything but the transactions, which `survey` describes.
    static func importOnce(_ journal: Journal, _ survey: inout TransactionSurvey, from source: TransactionSource,
                           into ledger: Ledger, replace: Bool,
                           progress: (_ recorded: Int, _ total: Int) -> Void = { _, _ in }) throws -> JournalImportReport {
        var (entries, opened, transactionsAt) = try plan(journal, survey, for: ledger)
        // The transactions a previous import recorded: those of the log's keys this journal holds.
        survey.digests.sort()
        var recorded: Set<ImportKey> = []
        // "This journal" is its files by their canonical spelling, however the path was typed (B3):
        // new transactions record it, and an earlier import's recorded spelling is compared by it.
        var paths = CanonicalPath.Cache()
        let files = Set(journal.files.map { paths.of($0) })
        let missing = try ledger.earlierImports(keyPrefix: "journal:", files: files,
                                                isSameFile: { files.contains(paths.of($0)) }) { [survey] text in
            guard let key = ImportKey(text), survey.digests.holds(key) else { return false }
            recorded.insert(key)
            return true
        }
        // From here on, a key is numbered by counting only the contents that come more than once.
        let (repeated, count, mix) = (survey.digests.repeated, survey.count, survey.digests.mix)
        survey.digests = DigestTally()
        if !missing.isEmpty, !replace {
            throw ImportError.noLongerInFile(count: missing.count, examples: missing.prefix(3).map { old in
                "\(old.date)\(old.payee.map { " " + $0.shortened(to: 40) } ?? "") from \(CanonicalPath.shown(old.provenance).shortened(to: 60))"
            })
        }
        let voids = missing.map { old in
            let file = old.provenance.lastIndex(of: ":").map { String(old.provenance[..<$0]) } ?? old.provenance
            let line = old.provenance.lastIndex(of: ":").flatMap { Int(old.provenance[old.provenance.index(after: $0)...]) } ?? 0
            return Entry(command: .voidTransaction(id: old.transactionID, reason: "no longer in the journal; replaced on re-import"),
                         options: CommandOptions(source: .journalImport, provenance: old.provenance),
                         location: SourceLocation(file: file, line: line), kind: .void)
        }
        // `P` lines an earlier import recorded and the file no longer holds: retracted with --replace (N17).
        let stalePrices = try priceRetractions(rekeying: &entries, in: ledger, isThisJournal: { files.contains(paths.of($0)) })
        let retractions = replace ? stalePrices : []
        // Transactions a previous import recorded are left out before the batch, so re-importing a
        // file costs a pass over the keys' index rather than a resend (the other entries' keys,
        // outside the "journal:" range, are looked up one by one). The ledger still checks every
        // key it is sent, so an import racing this one cannot record anything twice.
        let recordedOthers = try ledger.recordedIdempotencyKeys(entries.compactMap(\.options.idempotencyKey))
        let isRecorded = { (entry: Entry) in entry.options.idempotencyKey.map(recordedOthers.contains) ?? false }
        // An account only already-recorded transactions post to (opened by an earlier import, and
        // renamed since) is not opened again: that would be a ghost nothing ever posts to. Only a
        // re-import that would open accounts reads the transactions for it (a third pass).
        var ghosts: Set<String> = []
        if !recorded.isEmpty, !opened.isEmpty {
            var postedByRecorded: Set<String> = [], postedByNew: Set<String> = []
            var keys = KeyCounter(repeated: repeated)
            try source.forEach { transaction in
                guard let input = try? command(for: transaction) else { return false }
                let names = accounts(of: .recordTransaction(input))
                if recorded.contains(keys.key(for: input)) { postedByRecorded.formUnion(names) } else { postedByNew.formUnion(names) }
                return true
            }
            ghosts = postedByRecorded.subtracting(postedByNew)
        }
        func keeps(_ entry: Entry) -> Bool {
            if isRecorded(entry) { return false }
            if case .openAccount(let name, _, _) = entry.command { return !ghosts.contains(name) }
            if case .openAccountForAnyCommodity(let name, _, _) = entry.command { return !ghosts.contains(name) }
            return true
        }
        // Retractions go before the file's prices, so a `P` line corrected in place (1.08 to 1.10 on one
        // day) takes the old value back and then records the new one.
        let before = entries[..<transactionsAt].filter(keeps) + retractions, after = entries[transactionsAt...].filter(keeps)
        transactionsAt = before.count
        entries = before + after + voids
        opened.removeAll { ghosts.contains($0.name.rawValue) }

        // The stream: the entries before the transactions, the new transactions (planned on
        // another core, up to two chunks ahead), then prices, budgets and voids.
        let planned = BoundedHandoff<[Entry]>(depth: 2)
        let file = journal.files.first ?? ""
        // A journal whose every transaction is recorded (a plain re-import) is not read again.
        let everyTransactionRecorded = recorded.count == count
        planned.produceOnAnotherThread { [recorded] in
            guard !everyTransactionRecorded else { return }
            try planTransactions(from: source, skipping: recorded, repeated: repeated, into: planned, count: count, mix: mix, file: file)
        }
        defer { planned.abandon() }
        var head = entries[..<transactionsAt].makeIterator(), tail = entries[transactionsAt...].makeIterator()
        var chunk: IndexingIterator<[Entry]>?
        func nextTransaction() throws -> Entry? {
            while true {
                if let entry = chunk?.next() { return entry }
                guard let ready = try planned.take() else { return nil }
                chunk = ready.makeIterator()
            }
        }
        var current: Entry?
        var appended: [Entry.Kind: Int] = [:]
        var budgetsSet: [String] = [], forecastRulesKept: [String] = []
        do {
            try ledger.record(streaming: {
                current = try head.next() ?? nextTransaction() ?? tail.next()
                return current.map { ($0.command, $0.options) }
            }, each: { _, result in
                // A `P` line whose price is already recorded (by hand, or twice in the file) decides nothing (N17).
                guard let entry = current, !result.alreadyRecorded, !(entry.kind == .price && result.events.isEmpty) else { return }
                appended[entry.kind, default: 0] += 1
                if entry.kind == .transaction, let done = appended[.transaction], done % transactionChunk == 0 {
                    progress(done, count - recorded.count)
                }
                if entry.kind == .budget, case .setBudget(let input) = entry.command {
                    budgetsSet.append("\(input.category) \(input.amount) \(input.length.rawValue)\(input.from.map { " from \($0)" } ?? "")")
                }
                if entry.kind == .forecast, case .setForecastRule(let input) = entry.command {
                    forecastRulesKept.append("~ \(input.recurrence.text): " + input.lines.map(\.account).joined(separator: ", "))
                }
            })
        } catch let failure as BatchEntryError {
            if ConcurrentImport.isAccountOpenedMeanwhile(failure) { throw failure }
            throw ImportError.refused(current?.location ?? SourceLocation(file: journal.files.first ?? "", line: 0),
                                      reason: String(describing: failure.underlying))
        }
        let appendedTransactions = appended[.transaction] ?? 0
        if appendedTransactions > 0 { progress(appendedTransactions, appendedTransactions) }
        var report = JournalImportReport(
            files: journal.files, transactions: survey.count,
            appended: appendedTransactions,
            alreadyRecorded: survey.count - appendedTransactions - (appended[.assertion] ?? 0),
            accountsOpened: opened, prices: journal.prices, assertionsChecked: journal.assertionsChecked,
            voided: voids.count, position: try ledger.head().position)
        report.pricesAppended = appended[.price] ?? 0
        report.pricesRetracted = appended[.priceRetraction] ?? 0
        report.pricesNoLongerInFile = replace ? 0 : stalePrices.count
        report.statementBalancesAppended = appended[.assertion] ?? 0
        report.periodicRules = journal.periodicRules.count
        report.budgetsSet = budgetsSet
        report.forecastRulesKept = forecastRulesKept
        report.commoditiesDeclared = entries.compactMap { entry in
            if case .declareCommodity(let commodity, _) = entry.command, !commodity.isISO { return commodity.code } else { return nil }
        }
        report.roundedConversions = survey.roundedConversions
        return report
    }

    /// The planning thread: every transaction of `source` as an entry, leaving out those already
    /// recorded, handed over a chunk at a time. The transactions must be those the survey saw
    /// (`count`, `mix`): a file changed between the passes throws, and the batch records nothing.
    private static func planTransactions(from source: TransactionSource, skipping recorded: Set<ImportKey>, repeated: Set<ImportKey.Digest>,
                                         into planned: BoundedHandoff<[Entry]>, count: Int, mix: UInt64, file: String) throws {
        var keys = KeyCounter(repeated: repeated)
        var paths = CanonicalPath.Cache()
        var chunk: [Entry] = []
        chunk.reserveCapacity(transactionChunk)
        var failure: (any Error)?
        try source.forEach { transaction in
            do {
                let input = try command(for: transaction)
                let key = keys.key(for: input)
                let provenance = paths.provenance(transaction.location)
                if let statement = statementBalance(transaction, provenance: provenance) {
                    // A statement balance an export wrote: a BalanceAsserted, keyed as the statement's own.
                    chunk.append(Entry(command: .assertBalance(statement.input),
                                       options: CommandOptions(source: .journalImport, provenance: provenance,
                                                               idempotencyKey: statement.key, fingerprint: statement.key),
                                       location: transaction.location, kind: .assertion))
                } else {
                    guard !recorded.contains(key) else { return true }
                    let spelled = key.spelled
                    chunk.append(Entry(command: .recordTransaction(ImportDigestTag.removed(from: input)),
                                       options: CommandOptions(source: .journalImport, provenance: provenance,
                                                               idempotencyKey: spelled.text, fingerprint: spelled.fingerprint),
                                       location: transaction.location, kind: .transaction))
                }
                if chunk.count == transactionChunk {
                    try planned.put(chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        guard keys.count == count, keys.mix == mix else {
            throw ImportError.unreadable(path: file, reason: "it changed while it was being imported; nothing was recorded", includedFrom: nil)
        }
        if !chunk.isEmpty { try planned.put(chunk) }
    }

    /// The accounts a command posts to, if it records a transaction.
    private static func accounts(of command: LedgerCommand) -> Set<String> {
        guard case .recordTransaction(let input) = command else { return [] }
        var names = Set(input.postings.map(\.account))
        for posting in input.postings {
            guard let cost = posting.cost, let currency = posting.currency else { continue }
            names.insert(ConversionAccount.name(between: currency, and: cost.commodity, side: currency))
            names.insert(ConversionAccount.name(between: currency, and: cost.commodity, side: cost.commodity))
        }
        return names
    }

    /// The commands an import would record besides its transactions, which go at
    /// `transactionsAt`, and the accounts it would open.
    static func plan(_ journal: Journal, _ survey: TransactionSurvey, for ledger: Ledger) throws
        -> (entries: [Entry], opened: [JournalImportReport.OpenedAccount], transactionsAt: Int) {
        let existing = survey.existing
        let baseCurrency = try ledger.settings().baseCurrency
        // Provenance names each file by its canonical spelling, as the transactions' does.
        var paths = CanonicalPath.Cache()

        // Accounts in order of first mention, with their currency and the type a declaration gives.
        var order: [AccountName] = []
        var firstSeen: [AccountName: SourceLocation] = [:]
        var currencies = survey.currencies
        var declaredTypes: [AccountName: AccountType] = [:]
        func mention(_ name: AccountName, at location: SourceLocation) {
            if firstSeen[name] == nil { firstSeen[name] = location; order.append(name) }
        }
        for declaration in journal.accountDeclarations {
            mention(declaration.name, at: declaration.location)
            if let type = declaration.type { declaredTypes[declaration.name] = type }
        }
        // Periodic rules open the accounts they plan for, as a transaction posting there would.
        for rule in journal.periodicRules {
            for posting in rule.postings { mention(posting.account, at: posting.location) }
        }
        for name in survey.order { mention(name, at: survey.firstSeen[name]!) }
        for name in survey.conversionAccounts { declaredTypes[name] = .equity }
        if let problem = survey.problem { throw problem }

        for rule in journal.periodicRules {
            for posting in rule.postings {
                if let amount = posting.amount, currencies[posting.account] == nil { currencies[posting.account] = amount.currency }
            }
        }

        var entries: [Entry] = []
        var opened: [JournalImportReport.OpenedAccount] = []
        // Commodities outside the ISO table first: amounts of them are read at their precision.
        // ISO currencies are declared for their display style only, once: a re-import or a
        // second journal keeps the style the ledger has.
        let displays = try ledger.commodityDisplays()
        for declaration in journal.commodities {
            if declaration.commodity.isGrownISO {
                // `$1.0049`: USD's stored precision grows first (with the style, when it is new), so
                // the amounts after it are kept exactly; already as large, only the style is declared.
                let stored = try ledger.commodity(symbol: declaration.commodity.code)?.minorDigits ?? 0
                let display = displays[declaration.commodity.code] == nil ? declaration.display : nil
                let commodity = stored < declaration.commodity.minorDigits ? declaration.commodity
                    : declaration.commodity.storedAt(declaration.commodity.tableDigits ?? 0)
                guard commodity.isGrownISO || display != nil else { continue }
                entries.append(Entry(command: .declareCommodity(commodity, display: display),
                                     options: CommandOptions(source: .journalImport, provenance: paths.provenance(declaration.location)),
                                     location: declaration.location))
                continue
            }
            if declaration.commodity.isISO {
                guard displays[declaration.commodity.code] == nil, declaration.display != nil else { continue }
                entries.append(Entry(command: .declareCommodity(declaration.commodity, display: declaration.display),
                                     options: CommandOptions(source: .journalImport, provenance: paths.provenance(declaration.location)),
                                     location: declaration.location))
                continue
            }
            if let known = try ledger.commodity(symbol: declaration.commodity.code) {
                guard known.minorDigits == declaration.commodity.minorDigits else {
                    throw ImportError.refused(declaration.location, reason: LedgerError.invalidCommodity(
                        known.code, reason: "this ledger stores it with \(known.minorDigits) decimals, the journal uses "
                            + "\(declaration.commodity.minorDigits)").description)
                }
                continue
            }
            entries.append(Entry(command: .declareCommodity(declaration.commodity, display: declaration.display),
                                 options: CommandOptions(source: .journalImport, provenance: paths.provenance(declaration.location)),
                                 location: declaration.location))
        }
        func typeOf(_ name: AccountName) -> AccountType {
            if let account = existing[name] { return account.type }
            // A declared type holds for the subtree, as in hledger; then the top-level name decides.
            let declared = ([name.rawValue] + name.ancestors.reversed()).lazy.compactMap { try? AccountName($0) }
                .compactMap { declaredTypes[$0] }.first
            // Nothing says what it is: imported unclassified (reported once, for all), not refused.
            return declared ?? AccountType(inferredFrom: name) ?? .unclassified
        }
        for name in order where existing[name] == nil {
            let location = firstSeen[name]!
            let type = typeOf(name)
            let currency = currencies[name] ?? baseCurrency
            opened.append(.init(name: name, type: type, currency: currency))
            let anyCommodity = survey.severalCommodities.contains(name) && type.holdsOneCommodity
            entries.append(Entry(command: anyCommodity ? .openAccountForAnyCommodity(name: name.rawValue, type: type, currency: currency)
                                                       : .openAccount(name: name.rawValue, type: type, currency: currency),
                                 options: CommandOptions(source: .journalImport, provenance: paths.provenance(location)),
                                 location: location))
        }

        let transactionsAt = entries.count
        // Each `P` line is one PriceRecorded, keyed by its content: re-importing appends none,
        // and one new line appends one.
        var priceOccurrences: [String: Int] = [:]
        for price in journal.prices {
            guard let commodity = price.resolved else { continue }
            let input = LedgerCommand.PriceInput(date: price.date, commodity: commodity, value: price.value.description,
                                                 quote: price.quote, source: .journal)
            let digest = sha256Hex(Array("p1\u{1F}\(price.date)\u{1F}\(commodity.code)\u{1F}\(input.value)\u{1F}\(price.quote.code)".utf8),
                                   prefix: 16)
            let occurrence = priceOccurrences[digest, default: 0]
            priceOccurrences[digest] = occurrence + 1
            entries.append(Entry(command: .recordPrice(input),
                                 options: CommandOptions(source: .journalImport, provenance: paths.provenance(price.location),
                                                         idempotencyKey: "journal-price:\(digest):\(occurrence)",
                                                         fingerprint: "journal-price:\(digest)"),
                                 location: price.location, kind: .price))
        }
        entries += try budgetEntries(journal, firstDate: survey.firstDate, typeOf: typeOf, baseCurrency: baseCurrency,
                                     categories: Set(try ledger.accounts().filter { $0.category != nil }.map(\.account.name)))
        return (entries, opened, transactionsAt)
    }

    /// A general transaction with every amount written out. Zero-amount postings (kept in
    /// journals to carry a balance assertion) move nothing and are left out; a transaction left
    /// with none is recorded as a dated note.
    ///
    /// A posting whose amount is not zero is never left out, even when its cost weighs nothing
    /// (`5 EUR @@ $0`, `¥1 @ $0.004`): it is balanced by its conversion postings, and the zero
    /// postings beside it are kept so the ledger has the two postings a transaction needs. One
    /// such posting alone is refused at its line: dropping it would lose the money.
    static func command(for transaction: JournalTransaction) throws(ImportError) -> LedgerCommand.TransactionInput {
        func input(_ posting: JournalPosting) -> LedgerCommand.PostingInput {
            var input = LedgerCommand.PostingInput(account: posting.account.rawValue, amount: posting.amount.decimalString,
                                                   currency: posting.amount.currency, memo: posting.comment,
                                                   cost: posting.cost.map { .init(per: $0.per, value: $0.value.description, commodity: $0.commodity) })
            input.virtual = posting.virtual
            input.accountAsWritten = posting.accountAsWritten
            input.lot = posting.lot
            input.status = posting.status
            return input
        }
        let moving = transaction.postings.filter { !$0.amount.isZero }
        var postings = moving.map(input)
        if moving.count == 1, moving[0].virtual != .unbalanced {
            // One posting moves money and weighs nothing at its cost: keep the zero ones beside it.
            postings = transaction.postings.map(input)
            guard postings.count >= 2 else {
                throw .refused(moving[0].location, reason: "\(moving[0].amount) is the transaction's only posting and weighs nothing "
                                   + "at its cost; add the posting it comes from (it may be zero)")
            }
        }
        // No postings, or only zero amounts: a dated note that moves no money (hledger keeps it too).
        var command = LedgerCommand.TransactionInput(date: transaction.date, payee: transaction.payee, memo: transaction.memo,
                                                     postings: postings.count >= 2 || postings.contains { $0.virtual == .unbalanced } ? postings : [])
        // Status and code as written (B12). Not part of the content digest: a journal imported
        // before they were kept re-imports as already recorded, and so does its export.
        command.status = TransactionStatus(rawValue: transaction.status.rawValue)
        command.code = transaction.code.flatMap { $0.isEmpty ? nil : $0 }
        return command
    }

    /// SHA-256 of the transaction as the ledger will store it, in a fixed layout (its first 16
    /// bytes; the key spells them in 32 hex digits).
    static func contentDigest(_ input: LedgerCommand.TransactionInput) -> ImportKey.Digest {
        // A lot transaction an export wrote carries the digest it was first imported under (issue 36).
        if let recorded = ImportDigestTag.digest(in: input.memo) { return ImportKey.Digest(recorded) }
        var text = "v1\u{1F}\(input.date?.description ?? "")\u{1F}\(input.payee ?? "")\u{1F}\(input.memo ?? "")"
        for posting in input.postings {
            text += "\u{1E}\(posting.account)\u{1F}\(posting.amount ?? "")\u{1F}\(posting.currency?.code ?? "")\u{1F}\(posting.memo ?? "")"
            // Only priced postings add to the text, so every digest from before costs stays the same.
            if let cost = posting.cost { text += "\u{1F}@\(cost.per.rawValue)\u{1F}\(cost.value)\u{1F}\(cost.commodity.code)" }
            // Likewise only virtual postings add their kind.
            if let virtual = posting.virtual { text += "\u{1F}v\(virtual.rawValue)" }
            if let written = posting.accountAsWritten { text += "\u{1F}w\(written)" }
        }
        return ImportKey.Digest(EventHasher.sha256(Array(text.utf8)))
    }
}

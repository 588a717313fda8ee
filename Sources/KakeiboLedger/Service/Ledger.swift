import Foundation
import GRDB
import Synchronization
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// A Kakeibo ledger: the application service over one SQLite file.
///
/// Each command is decided against the projections, appended to the log and projected in
/// one immediate transaction: all of it lands, or none of it does.
public final class Ledger: Sendable {
    public let path: String
    let writer: any DatabaseWriter
    let environment: LedgerEnvironment
    private let timeZone = Mutex<TimeZone?>(nil)
    /// The connection writes go through when `writer` was opened read-only (`Ledger.open`):
    /// opened at the first write, so reports never take the write lock.
    private let writable = Mutex<(any DatabaseWriter)?>(nil)

    init(path: String, writer: any DatabaseWriter, environment: LedgerEnvironment) {
        self.path = path
        self.writer = writer
        self.environment = environment
    }

    /// Creates a new ledger file and records `LedgerCreated`.
    /// `createFolders: false` refuses a path whose folder is missing, rather than making it.
    public static func create(at path: String, name: String = "Household", currency: Currency, timeZone: String,
                              environment: LedgerEnvironment = .live, createFolders: Bool = true) throws -> Ledger {
        guard TimeZone(identifier: timeZone) != nil else {
            throw LedgerError.invalidText(field: "time zone", reason: "\"\(timeZone)\" is not an IANA zone such as Europe/Berlin")
        }
        let pool = try storage(path) { try LedgerDatabase.open(at: path, mode: .create, createFolders: createFolders) }
        let ledger = Ledger(path: path, writer: pool, environment: environment)
        do {
            try ledger.record(.createLedger(name: name, currency: currency, timeZone: timeZone))
        } catch {
            try? pool.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            throw error
        }
        return ledger
    }

    public static func open(at path: String, environment: LedgerEnvironment = .live) throws -> Ledger {
        try storage(path) {
            let pool = try LedgerDatabase.open(at: path, mode: .open)
            let ledger = Ledger(path: path, writer: pool, environment: environment)
            guard try ledger.writer.read({ db in try SQLiteProjectionStore(db: db).settings() }) != nil else {
                throw LedgerError.ledgerNotInitialised
            }
            // A read-only file is read as it is; suggestions learn when it is next writable.
            if LedgerDatabase.canWrite(path) { try ledger.backfillSuggestionsIfNeeded() }
            return ledger
        }
    }

    /// Runs `body`, turning SQLite's busy, damaged and read-only failures into one-line errors.
    static func storage<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            if let storage = EventStoreError(storageFailure: error, path: path) { throw storage }
            throw error
        }
    }

    /// A ledger that lives in memory only: for tests and previews.
    public static func inMemory(currency: Currency, timeZone: String = "UTC",
                                environment: LedgerEnvironment = .live) throws -> Ledger {
        let ledger = Ledger(path: ":memory:", writer: try LedgerDatabase.inMemory(), environment: environment)
        try ledger.record(.createLedger(name: "Household", currency: currency, timeZone: timeZone))
        return ledger
    }

    // MARK: - Recording

    /// Decides, appends and projects one command.
    @discardableResult
    public func record(_ command: LedgerCommand, options: CommandOptions = CommandOptions()) throws -> RecordResult {
        try record([(command, options)], namingFailedEntry: false)[0]
    }

    /// Records many commands in one transaction: all land or none do (imports, scripts).
    /// With an idempotency key K, command i is keyed `K#i`, so re-sending the batch appends nothing.
    @discardableResult
    public func record(batch commands: [LedgerCommand], options: CommandOptions = CommandOptions()) throws -> [RecordResult] {
        try record(entries: commands.enumerated().map { index, command in
            var entryOptions = options
            if commands.count > 1, let key = options.idempotencyKey { entryOptions.idempotencyKey = "\(key)#\(index)" }
            return (command, entryOptions)
        })
    }

    /// Records commands that each carry their own options (provenance, idempotency key) in one
    /// transaction: all land or none do. Importers use it so every entry keeps its own key and
    /// source line; a refusal is a `BatchEntryError` naming the entry that caused it.
    @discardableResult
    public func record(entries: [(command: LedgerCommand, options: CommandOptions)]) throws -> [RecordResult] {
        try record(entries, namingFailedEntry: true)
    }

    private func record(_ entries: [(command: LedgerCommand, options: CommandOptions)],
                        namingFailedEntry: Bool) throws -> [RecordResult] {
        try writeTransaction { db in
            var results: [RecordResult] = []
            results.reserveCapacity(entries.count)
            var remaining = entries.makeIterator()
            try record(in: try openSession(db), namingFailedEntry: namingFailedEntry,
                       next: { remaining.next() }, each: { _, result in results.append(result) })
            return results
        }
    }

    /// The loop every write of one or many commands runs inside its transaction: each command
    /// pulled from `next` goes through the pipeline in `session`, `each` sees its result, and the
    /// session finishes once after the last. With `namingFailedEntry`, a refusal is a
    /// `BatchEntryError` whose index counts the commands pulled before it.
    func record(in session: LedgerSession, namingFailedEntry: Bool,
                next: () throws -> (command: LedgerCommand, options: CommandOptions)?,
                each: (_ index: Int, _ result: RecordResult) throws -> Void) throws {
        var index = 0
        while let entry = try next() {
            let result: RecordResult
            do {
                result = try record(entry.command, options: entry.options, in: session)
            } catch where namingFailedEntry {
                throw BatchEntryError(index: index, underlying: error)
            }
            try each(index, result)
            index += 1
        }
        try session.finish()
    }

    /// Runs `body` in an immediate transaction. Storage failures (a full disk, an I/O error, a
    /// read-only file) roll everything back and surface as one `EventStoreError`.
    /// With `commit: false` everything is rolled back afterwards (a dry run).
    func writeTransaction<T>(commit: Bool = true, _ body: (Database) throws -> T) throws -> T {
        do {
            return try writableDatabase().writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return commit ? .commit : .rollback
                }
                return result!
            }
        } catch let error as DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: throw EventStoreError.writeFailed(path: path, reason: "the disk is full")
            case .SQLITE_IOERR: throw EventStoreError.writeFailed(path: path, reason: "disk I/O error")
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN: throw LedgerDatabase.readOnlyError(at: path)
            default: throw EventStoreError(storageFailure: error, path: path) ?? error
            }
        }
    }

    func writableDatabase() throws -> any DatabaseWriter {
        guard writer.configuration.readonly else { return writer }
        return try writable.withLock { cached in
            if let cached { return cached }
            let opened = try LedgerDatabase.openWritable(at: path)
            cached = opened
            return opened
        }
    }

    /// The write pipeline for one command, inside `session`'s transaction: the idempotency check,
    /// the decision (pure, against the projection), the append and the fold. The caller finishes
    /// the session once, after its last command. Documentation/RecordingACommand.md walks it.
    func record(_ command: LedgerCommand, options: CommandOptions, in session: LedgerSession) throws -> RecordResult {
        let db = session.db
        let commandHash = options.idempotencyKey.map { _ in Self.commandHash(command, fingerprint: options.fingerprint) }
        if let key = options.idempotencyKey,
           let positions = try EventLog.recordedCommand(key: key, isSameCommand: { stored in
               stored == commandHash || (options.fingerprint == nil && stored == Self.legacyCommandHash(command))
           }, in: db) {
            // A retry: the decision was made when it was first recorded, so its events are read back.
            let envelopes = try positions.compactMap { try EventLog.event(at: $0, in: db) }
            return RecordResult(alreadyRecorded: envelopes, events: try envelopes.map { try $0.event() })
        }

        let now = environment.now()
        let today = LocalDate(unixMilliseconds: now, utcOffsetSeconds: try utcOffset(session.store, at: now))
        if command.readsSuggestions { try session.flushSuggestions() }
        let decision = try LedgerDecider(state: session.store, context: DecisionContext(today: today, makeID: environment.makeID))
            .decide(command)
        // A command that changes nothing (N17: a price already recorded) appends nothing, not an empty entry.
        if decision.events.isEmpty { return RecordResult(decision: decision, envelopes: []) }
        let eventIDs = decision.events.map { _ in environment.makeID() }
        let metadata = AppendMetadata(recordedAt: now, source: options.source, provenance: options.provenance,
                                      actor: environment.actor, commandID: environment.makeID(),
                                      idempotencyKey: options.idempotencyKey, commandHash: commandHash)
        return RecordResult(decision: decision, envelopes: try session.append(decision, eventIDs: eventIDs, metadata: metadata))
    }

    /// What tells a retry from a different command under one idempotency key: the SHA-256 of the
    /// importer's fingerprint when it gave one, else of the command's canonical JSON. Stored as
    /// the 32 bytes themselves (the `command_hash` BLOB), shown in hex only in the envelope.
    static func commandHash(_ command: LedgerCommand, fingerprint: String?) -> [UInt8] {
        EventHasher.sha256(fingerprint.map { Array($0.utf8) } ?? command.canonicalJSON.canonicalBytes())
    }

    /// The hash a Kakeibo before the canonical fingerprint stored for a command without one: of
    /// `String(reflecting:)`. Compared only when the canonical one differs, so a retry of a command
    /// such a version recorded is still a retry while the reflection reads the same; when it does
    /// not (another Swift, another field), the retry is refused as a conflict, the safe direction.
    static func legacyCommandHash(_ command: LedgerCommand) -> [UInt8] {
        EventHasher.sha256(Array(String(reflecting: command).utf8))
    }

    /// A session for a write: refuses a tampered log, then catches the projection up with it.
    func openSession(_ db: Database) throws -> LedgerSession {
        try Self.checkIntegrity(before: "record anything", wholeChain: false, in: db)
        let session = try LedgerSession(db: db, keepingUndo: true)
        try session.catchUp()
        return session
    }

    /// The ledger's offset from UTC at an instant (0 before the ledger exists). The zone never
    /// changes once the ledger is created, so it is looked up once.
    private func utcOffset(_ store: SQLiteProjectionStore, at milliseconds: Int64) throws -> Int {
        let zone = try timeZone.withLock { cached in
            if cached == nil, let name = try store.settings()?.timeZone { cached = TimeZone(identifier: name) }
            return cached
        }
        return zone?.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(milliseconds / 1000))) ?? 0
    }

    // MARK: - Lookups

    /// The full id of the one transaction whose id starts or ends with `text` (4+ characters).
    ///
    /// Ids start with a timestamp, so transactions recorded together share long prefixes; the
    /// random tail (the last 8 characters `register` shows) tells them apart.
    public func resolveTransactionID(_ text: String) throws -> String {
        let fragment = text.lowercased()
        guard fragment.count >= 4, fragment.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw LedgerError.unknownTransaction(text)
        }
        let matches = try writer.read { db in
            let byPrefix = try String.fetchAll(db, sql: "SELECT txn_id FROM transactions WHERE txn_id >= ? AND txn_id < ? LIMIT 2",
                                               arguments: [fragment, fragment + "\u{10FFFF}"])
            if !byPrefix.isEmpty { return byPrefix }
            return try String.fetchAll(db, sql: "SELECT txn_id FROM transactions WHERE txn_id LIKE ? LIMIT 2",
                                       arguments: ["%" + fragment])
        }
        switch matches.count {
        case 0: throw LedgerError.unknownTransaction(text)
        case 1: return matches[0]
        default:
            // Two were enough to know; the message counts them all.
            let count = try writer.read { db in
                try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM transactions WHERE (txn_id >= ? AND txn_id < ?) OR txn_id LIKE ?
                    """, arguments: [fragment, fragment + "\u{10FFFF}", "%" + fragment]) ?? matches.count
            }
            throw LedgerError.ambiguousTransaction(text, matches: count)
        }
    }

    public func settings() throws -> LedgerSettings {
        guard let settings = try writer.read({ db in try SQLiteProjectionStore(db: db).settings() }) else {
            throw LedgerError.ledgerNotInitialised
        }
        return settings
    }

    /// Today in the ledger's time zone, by the ledger's clock.
    public func today() throws -> LocalDate {
        let now = environment.now()
        return try writer.read { db in
            LocalDate(unixMilliseconds: now, utcOffsetSeconds: try utcOffset(SQLiteProjectionStore(db: db), at: now))
        }
    }

    /// The number of events and the head of the hash chain.
    public func head() throws -> ChainDigest {
        try writer.read { db in
            let head = try EventLog.head(in: db)
            return ChainDigest(position: head.position, hash: head.hash)
        }
    }
}

extension LedgerCommand {
    /// Whether deciding the command may ask the category suggester: an expense, a receipt or an
    /// imported posting that arrives without a category.
    var readsSuggestions: Bool {
        switch self {
        case .captureExpense(let input): input.suggestCategory
        case .recordTransaction(let input): input.suggestCategoryFor != nil
        case .importReceipt(let input): input.category == nil
        default: false
        }
    }
}

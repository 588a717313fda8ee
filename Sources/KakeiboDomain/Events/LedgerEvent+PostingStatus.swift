// Posting status and locks as events (issue 32, part 3). Both live in the transaction's own
// stream, so `history` lists them beside its edits, a device's next edit is decided against the
// version they made, and the household server passes them through untouched (`ConflictRule`
// looks into edits and voids only).

extension LedgerEvent {
    /// hledger's `*` / `!` set on some postings of one transaction: `reconcile` clearing what the
    /// statement shows, or a person marking a posting pending. `status` nil is unmarked.
    public struct PostingsMarked: Hashable, Sendable {
        public var transactionID: String
        /// Posting lines, as `postings` numbers them (from 0), ascending.
        public var lines: [Int]
        public var status: TransactionStatus?
        public init(transactionID: String, lines: [Int], status: TransactionStatus?) {
            self.transactionID = transactionID; self.lines = lines; self.status = status
        }
    }

    /// Postings `reconcile --lock` agreed with a statement: an edit that changes one, or a void of
    /// its transaction, is refused unless forced with a reason (`forced` on the edit or void).
    public struct PostingsLocked: Hashable, Sendable {
        public var transactionID: String
        public var lines: [Int]
        public init(transactionID: String, lines: [Int]) {
            self.transactionID = transactionID; self.lines = lines
        }
    }
}

extension LedgerEvent.PostingsMarked {
    var json: JSONValue {
        .object(["txn": .string(transactionID), "lines": .array(lines.map { .int(Int64($0)) })]
            .merging(status.map { ["status": .string($0.name)] } ?? [:]) { a, _ in a })
    }

    init(json p: JSONValue) throws {
        let lines = try postingLines(p, type: "PostingsMarked")
        var status: TransactionStatus?
        if let name = try p.optionalString("status") {
            guard let known = TransactionStatus(name: name) else {
                throw LedgerError.malformedEvent(type: "PostingsMarked", reason: "unknown status \(name)")
            }
            status = known
        }
        self.init(transactionID: try p.string("txn"), lines: lines, status: status)
    }
}

extension LedgerEvent.PostingsLocked {
    var json: JSONValue { ["txn": .string(transactionID), "lines": .array(lines.map { .int(Int64($0)) })] }

    init(json p: JSONValue) throws {
        self.init(transactionID: try p.string("txn"), lines: try postingLines(p, type: "PostingsLocked"))
    }
}

/// The `lines` of a mark or lock: at least one, each 0 or more, ascending without repeats.
private func postingLines(_ p: JSONValue, type: String) throws -> [Int] {
    let lines = try p.array("lines").map { line throws -> Int in
        guard let value = line.intValue, value >= 0, value < Int64(Int32.max) else {
            throw LedgerError.malformedEvent(type: type, reason: "a line is not a posting number")
        }
        return Int(value)
    }
    guard !lines.isEmpty, zip(lines, lines.dropFirst()).allSatisfy({ $0 < $1 }) else {
        throw LedgerError.malformedEvent(type: type, reason: "lines must be ascending, without repeats")
    }
    return lines
}

extension LedgerEvent.TransactionEdited {
    /// `"forced": true` only on an edit past a lock; absent otherwise, so older edits keep their bytes.
    var forcedPayload: [String: JSONValue] { forced ? ["forced": .bool(true)] : [:] }
}

extension LedgerEvent.TransactionVoided {
    var forcedPayload: [String: JSONValue] { forced ? ["forced": .bool(true)] : [:] }
}

/// `"forced"`: true when present; anything else is not a payload this version wrote.
func readForced(_ p: JSONValue, type: String) throws -> Bool {
    guard let value = p["forced"], value != .null else { return false }
    guard value == .bool(true) else { throw LedgerError.malformedEvent(type: type, reason: "forced is only ever true") }
    return true
}

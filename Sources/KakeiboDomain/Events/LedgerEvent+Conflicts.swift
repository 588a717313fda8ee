extension LedgerEvent {
    /// Conflicts get their own stream: the server appends them, and a transaction's own stream
    /// (whose version a device's next edit is decided against) stays the transaction's facts.
    public static let conflictsStream = "conflicts"

    /// The household server kept an edit aside: it changed fields another device had changed
    /// first, or it raced a void. Only the server records it, as a real event of the log, so it
    /// reaches every device like any other and replay rebuilds the open list from the log alone.
    ///
    /// The projection keeps it open until a later `TransactionEdited` or `TransactionVoided` of
    /// the same transaction (by log position): deterministic, so every device and every replay
    /// agree on what is open.
    public struct TransactionConflicted: Hashable, Sendable {
        public var transactionID: String
        /// The transaction's stream version both sides were decided against (0: unknown to the server).
        public var basedOn: Int64
        /// The events that stand, and the ones that were not applied.
        public var kept: [String]
        public var deferred: [String]
        /// Who recorded the deferred event.
        public var member: String
        public var device: String
        /// Each field in conflict, with the value that stands and the one that did not.
        public var fields: [ConflictedField]
        /// The deferred edit's own changes, whole, so nothing its author typed is lost.
        public var deferredChanges: JSONValue

        public init(transactionID: String, basedOn: Int64, kept: [String], deferred: [String], member: String, device: String,
                    fields: [ConflictedField], deferredChanges: JSONValue) {
            self.transactionID = transactionID; self.basedOn = basedOn; self.kept = kept; self.deferred = deferred
            self.member = member; self.device = device; self.fields = fields; self.deferredChanges = deferredChanges
        }
    }

    /// One field both sides changed: `kept` stands, `deferred` was not applied (JSON as in edits).
    public struct ConflictedField: Hashable, Sendable {
        public var field: String
        public var kept: JSONValue
        public var deferred: JSONValue
        public init(field: String, kept: JSONValue, deferred: JSONValue) {
            self.field = field; self.kept = kept; self.deferred = deferred
        }
    }
}

extension LedgerEvent.TransactionConflicted {
    public static let type = LedgerEvent.Kind.transactionConflicted.rawValue

    public var json: JSONValue {
        .object([
            "txn": .string(transactionID), "basedOn": .int(basedOn),
            "kept": .array(kept.map(JSONValue.string)), "deferred": .array(deferred.map(JSONValue.string)),
            "member": .string(member), "device": .string(device),
            "fields": .array(fields.map { field in
                .object(["field": .string(field.field), "kept": field.kept, "deferred": field.deferred])
            }),
            "changes": deferredChanges,
        ])
    }

    public init(json p: JSONValue) throws {
        func strings(_ key: String) throws -> [String] {
            try p.array(key).map { item in
                guard let text = item.stringValue else { throw LedgerError.malformedEvent(type: Self.type, reason: "\(key) holds a non-string") }
                return text
            }
        }
        self.init(transactionID: try p.string("txn"), basedOn: try p.int("basedOn"), kept: try strings("kept"),
                  deferred: try strings("deferred"), member: try p.string("member"), device: try p.string("device"),
                  fields: try p.array("fields").map { field in
                      LedgerEvent.ConflictedField(field: try field.string("field"), kept: field["kept"] ?? .null,
                                                  deferred: field["deferred"] ?? .null)
                  },
                  deferredChanges: p["changes"] ?? .null)
    }
}

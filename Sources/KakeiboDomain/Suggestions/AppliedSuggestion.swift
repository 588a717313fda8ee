/// What the category suggester said when a capture or an import arrived without a category,
/// stored in the event so the log alone tells which categories were the ledger's guess.
///
/// `accountID` is the category applied; nil records an abstention (the expense stayed
/// uncategorised), so coverage can be measured from the log. Omitted from payloads that have
/// none, so events recorded before suggestions existed keep their bytes and hashes.
public struct AppliedSuggestion: Hashable, Sendable {
    public var accountID: String?
    /// The best category's confidence in basis points (0–10000), applied or not.
    public var confidenceBasisPoints: Int64
    public init(accountID: String?, confidenceBasisPoints: Int64) {
        self.accountID = accountID
        self.confidenceBasisPoints = confidenceBasisPoints
    }

    /// The account an expense falls back to when nothing confident is suggested; hledger's name
    /// for it, and what the CSV importer already uses.
    public static let uncategorisedExpenses = "expenses:unknown"

    /// Below this confidence (basis points) a suggestion is not applied.
    public static let defaultThreshold: Int64 = 6_000

    var json: JSONValue {
        var members: [String: JSONValue] = ["confidence": .int(confidenceBasisPoints)]
        if let accountID { members["account"] = .string(accountID) }
        return .object(members)
    }

    init(json: JSONValue) throws {
        self.init(accountID: try json.optionalString("account"), confidenceBasisPoints: try json.int("confidence"))
        guard (0...10_000).contains(confidenceBasisPoints) else {
            throw LedgerError.malformedEvent(type: "suggestion", reason: "confidence outside 0…10000 basis points")
        }
    }
}

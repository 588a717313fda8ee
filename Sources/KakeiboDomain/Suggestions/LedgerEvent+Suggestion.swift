// The optional `suggestion` member of expense and recorded-transaction payloads.

extension LedgerEvent {
    /// The suggestion an expense capture or a recorded transaction carries, if any.
    public var suggestion: AppliedSuggestion? {
        switch self {
        case .expenseCaptured(let e), .incomeRecorded(let e), .transferMade(let e): e.suggestion
        case .transactionRecorded(let e): e.suggestion
        default: nil
        }
    }

    /// The payload plus `suggestion` when there is one (absent otherwise: old bytes stay).
    func addingSuggestion(to payload: JSONValue) -> JSONValue {
        guard let suggestion, case .object(var members) = payload else { return payload }
        members["suggestion"] = suggestion.json
        return .object(members)
    }

    /// Reads `suggestion` back from a payload into the event decoded from it.
    mutating func readSuggestion(from payload: JSONValue) throws {
        guard let value = payload["suggestion"], value != .null else { return }
        let suggestion = try AppliedSuggestion(json: value)
        switch self {
        case .expenseCaptured(var e): e.suggestion = suggestion; self = .expenseCaptured(e)
        case .transactionRecorded(var e): e.suggestion = suggestion; self = .transactionRecorded(e)
        default: throw LedgerError.malformedEvent(type: type, reason: "only expenses and recorded transactions carry a suggestion")
        }
    }
}

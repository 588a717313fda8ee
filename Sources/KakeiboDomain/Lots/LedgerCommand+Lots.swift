extension LedgerCommand {
    /// The braces of a lot posting as typed or read: `{$210.00}`, `{{$2100.00}}`,
    /// `{$210.00, 2026-01-05, "lot-a"}`, `{"lot-a"}` or `{}`. The value stays text until the
    /// decider parses it exactly. On an acquisition `cost` is the lot's cost; on a disposal
    /// cost, date and label select the lots it sells (none: the account's booking method).
    public struct LotInput: Hashable, Sendable {
        public var cost: CostInput?
        public var date: LocalDate?
        public var label: String?
        public init(cost: CostInput? = nil, date: LocalDate? = nil, label: String? = nil) {
            self.cost = cost; self.date = date; self.label = label
        }

        var canonicalJSON: JSONValue {
            var members: [String: JSONValue] = [:]
            if let cost {
                members["cost"] = .object(["per": .string(cost.per.rawValue), "value": .string(cost.value),
                                           "commodity": .object(["code": .string(cost.commodity.code),
                                                                 "digits": .int(Int64(cost.commodity.minorDigits))])])
            }
            if let date { members["date"] = .string(date.description) }
            if let label { members["label"] = .string(label) }
            return .object(members)
        }
    }
}

extension LotBooking {
    var canonicalJSON: JSONValue {
        var members: [String: JSONValue] = ["method": .string(method.rawValue)]
        if let gainsAccount { members["gainsAccount"] = .string(gainsAccount) }
        return .object(members)
    }
}

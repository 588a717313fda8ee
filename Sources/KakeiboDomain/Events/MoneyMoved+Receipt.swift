// The receipt link on an expense. Added after logs shipped, so both keys are written only when
// set: an expense without a receipt keeps exactly the bytes (and hash) it always had.

extension LedgerEvent.MoneyMoved {
    var receiptPayload: [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if let receiptID { object["receipt"] = .string(receiptID) }
        if needsReview { object["needsReview"] = .bool(true) }
        return object
    }

    func readingReceiptFields(_ p: JSONValue) throws -> Self {
        var moved = self
        moved.receiptID = try p.optionalString("receipt")
        if let flag = p["needsReview"], flag != .null {
            guard let value = flag.boolValue else {
                throw LedgerError.malformedEvent(type: "ExpenseCaptured", reason: "needsReview is not a boolean")
            }
            moved.needsReview = value
        }
        return moved
    }
}

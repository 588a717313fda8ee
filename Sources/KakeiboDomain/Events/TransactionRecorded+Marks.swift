// A journal transaction's status and code in the TransactionRecorded payload (issue 29, B12):
// `"status": "cleared" | "pending"` and `"code": "1001"`, each present only when set, so every
// event recorded before them keeps its bytes and its hash.

extension LedgerEvent.TransactionRecorded {
    var marksPayload: [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        if let status { fields["status"] = .string(status.name) }
        if let code { fields["code"] = .string(code) }
        return fields
    }

    mutating func readMarks(_ p: JSONValue) throws {
        if let name = try p.optionalString("status") {
            guard let status = TransactionStatus(name: name) else {
                throw LedgerError.malformedEvent(type: "TransactionRecorded", reason: "unknown status \(name)")
            }
            self.status = status
        }
        code = try p.optionalString("code")
    }
}

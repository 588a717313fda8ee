import KakeiboDomain
import KakeiboLedger
import KakeiboReports

/// Prints reports in the format asked for.
enum Printer {
    static func json(_ value: JSONValue) {
        print(value.prettyString())
    }

    /// What every recording command prints: the transaction id (or a note), or `{"id", "position"}`.
    static func recorded(_ result: RecordResult, format: OutputFormat, note: String? = nil) {
        if result.alreadyRecorded {
            Terminal.printNote("already recorded at position \(result.positions.map(String.init).joined(separator: ", ")); nothing appended")
        }
        switch format {
        case .json:
            // A structure or budget command has no transaction: its id is the account's.
            var object: [String: JSONValue] = ["id": (result.transactionID ?? result.accountID).map(JSONValue.string) ?? .null,
                                               "position": .int(result.position)]
            if result.alreadyRecorded { object["alreadyRecorded"] = .bool(true) }
            json(.object(object))
        case .csv:
            print(CSVWriter.render(header: ["id", "position"], rows: [[result.transactionID ?? result.accountID ?? "", String(result.position)]]))
        case .table:
            if let id = result.transactionID { print(id) } else if let note { print(Terminal.safe(note)) }
        }
    }

    static func timestamp(_ milliseconds: Int64) -> String { TerminalText.timestamp(milliseconds) }
}

extension Printer {
    /// Money in JSON: a decimal string and a currency, never a float.
    static func money(_ money: Money) -> JSONValue { TerminalText.money(money) }
}

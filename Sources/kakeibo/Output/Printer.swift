import Foundation
import KakeiboDomain
import KakeiboLedger

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

    static func timestamp(_ milliseconds: Int64) -> String {
        let date = LocalDate(unixMilliseconds: milliseconds, utcOffsetSeconds: 0)
        let dayMilliseconds = milliseconds - Int64(date.daysSinceEpoch) * 86_400_000
        let seconds = dayMilliseconds / 1000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = String(dayMilliseconds % 1000)
        return "\(date)T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).\(String(repeating: "0", count: 3 - millis.count))\(millis)Z"
    }
}

extension Printer {
    /// Money in JSON: a decimal string and a currency, never a float.
    static func money(_ money: Money) -> JSONValue {
        ["amount": .string(money.decimalString), "currency": .string(money.currency.code)]
    }
}

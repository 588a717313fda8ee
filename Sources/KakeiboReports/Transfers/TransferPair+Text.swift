import KakeiboDomain
import KakeiboLedger

extension TransferPair {
    /// `transfers match`: the pairs found, one payment seen from both ends (issue 32, part 2). `transfers` holds the
    /// id of the transfer recorded for each pair when they were recorded (`--yes`), nil when they were only listed.
    public static func text(_ pairs: [TransferPair], transfers: [String?]?, _ format: ReportFormat) -> String {
        func transfer(_ index: Int) -> String? { transfers.flatMap { index < $0.count ? $0[index] : nil } }
        switch format {
        case .json:
            return JSONValue.array(pairs.enumerated().map { index, pair in
                var object: [String: JSONValue] = [
                    "amount": .string(pair.amount.decimalString), "currency": .string(pair.amount.currency.code),
                    "from": pair.outgoing.json, "to": pair.incoming.json]
                if let id = transfer(index) { object["transfer"] = .string(id) }
                return .object(object)
            }).prettyString()
        case .csv:
            return CSVWriter.render(header: ["date", "from", "from_id", "to_date", "to", "to_id", "amount", "currency", "transfer"],
                                    rows: pairs.enumerated().map { index, pair in
                [pair.outgoing.date.description, pair.outgoing.account.rawValue, pair.outgoing.transactionID, pair.incoming.date.description,
                 pair.incoming.account.rawValue, pair.incoming.transactionID, pair.amount.decimalString, pair.amount.currency.code,
                 transfer(index) ?? ""]
            })
        case .table:
            guard !pairs.isEmpty else { return "no payments between your accounts are recorded twice" }
            var table = TextTable([("date", .left), ("from", .left), ("id", .left), ("to", .left), ("id", .left), ("amount", .right),
                                   ("payee", .left)] + (transfers != nil ? [("transfer", .left)] : []))
            for (index, pair) in pairs.enumerated() {
                let dates = pair.daysApart == 0 ? pair.outgoing.date.description : "\(pair.outgoing.date)…\(pair.incoming.date.description.suffix(5))"
                table.add([dates, pair.outgoing.account.rawValue, String(pair.outgoing.transactionID.suffix(8)), pair.incoming.account.rawValue,
                           String(pair.incoming.transactionID.suffix(8)), pair.amount.description,
                           String((pair.outgoing.payee ?? pair.incoming.payee ?? "").prefix(24))]
                          + (transfers != nil ? [String((transfer(index) ?? "").suffix(8))] : []))
            }
            return TerminalText.safe(table.render())
        }
    }
}

extension TransferSide {
    /// One side of a pair in `transfers match --format json`.
    var json: JSONValue {
        ["id": .string(transactionID), "date": .string(date.description), "account": .string(account.rawValue),
         "category": .string(counterAccount.rawValue), "payee": payee.map(JSONValue.string) ?? .null]
    }
}

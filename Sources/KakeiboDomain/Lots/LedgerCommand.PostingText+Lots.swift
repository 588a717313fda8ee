// `assets:brokerage=10 VTI {$210.00}`, `=-5 VTI {"lot-a"} @ $250.00`, `{{$2100.00}}`,
// `{$210.00, 2026-01-05, "lot-a"}`, `{}`: the braces of a lot posting, as hledger and beancount
// write them (issue 36), taken out of the posting text before its amount and `@` are read.

extension LedgerCommand.PostingText {
    /// Removes the braces from `text` and reads them: `.some(nil)` when there are none, nil
    /// when they are malformed (an unclosed brace, an unreadable cost, date or label).
    static func takeLot(from text: inout String) -> LedgerCommand.LotInput?? {
        guard let open = text.firstIndex(of: "{") else { return .some(nil) }
        let double = text[text.index(after: open)...].first == "{"
        let bodyStart = text.index(open, offsetBy: double ? 2 : 1)
        guard let close = text[bodyStart...].firstIndex(of: "}") else { return nil }
        let end = text.index(close, offsetBy: double ? 2 : 1, limitedBy: text.endIndex) ?? text.endIndex
        if double, text[close...].prefix(2) != "}}" { return nil }
        let body = String(text[bodyStart..<close])
        text = String(text[..<open]) + " " + String(text[end...])
        var lot = LedgerCommand.LotInput()
        for part in body.split(separator: ",").map({ Self.trimmingSpaces($0) }) where !part.isEmpty {
            if part.first == "\"" {
                guard part.count >= 2, part.last == "\"" else { return nil }
                lot.label = String(part.dropFirst().dropLast())
            } else if let date = try? LocalDate(iso: part) {
                lot.date = date
            } else {
                let words = part.split(separator: " ").map(String.init)
                guard let (value, commodity) = quoted(words) else { return nil }
                lot.cost = .init(per: double ? .total : .unit, value: value, commodity: commodity)
            }
        }
        return .some(lot)
    }

    private static func trimmingSpaces(_ text: Substring) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

import KakeiboDomain

// Lot syntax on a posting (issue 36), as hledger and beancount write it:
// `10 VTI {$210.00}`, `10 VTI {{$2100.00}}`, `10 VTI {$210.00, 2026-01-05, "lot-a"}`,
// `-5 VTI {"lot-a"} @ $250.00`, `-5 VTI {} @ $250.00`. hledger 1.25 reads the braces and
// ignores them; Kakeibo keeps them: the decider opens and takes lots from them.

extension JournalReader {
    /// The cost a posting weighs when its transaction is balanced here: its `@` when written,
    /// else its lot's cost (beancount's weight of `{…}`), else none.
    struct LotPart {
        var input: LedgerCommand.LotInput
        /// The braces' cost read exactly, for the balance check.
        var cost: PostingCost?
    }

    /// Takes `{…}` or `{{…}}` off the end of `amountText` (what is left before any `@`).
    mutating func takeLot(from amountText: inout Substring, location: SourceLocation,
                          column: (Substring) -> Int) throws(ImportError) -> LotPart? {
        guard let open = amountText.firstIndex(ofASCII: "{") else { return nil }
        var body = amountText[open...].dropFirst()
        let total = body.first == "{"
        if total { body = body.dropFirst() }
        let closing = total ? "}}" : "}"
        guard body.hasSuffix(closing) else {
            throw .syntax(location.at(column: column(amountText[open...])), expected: "a lot closed by \"\(closing)\" before any \"@\"",
                          found: "\"\(amountText[open...])\"")
        }
        body = body.dropLast(closing.count)
        amountText = amountText[..<open].trimmingSpaces()
        var part = LotPart(input: .init())
        var start = body.startIndex
        while start <= body.endIndex {
            let end = body[start...].firstIndex(of: ",") ?? body.endIndex
            let item = body[start..<end].trimmingSpaces()
            if !item.isEmpty {
                let at = location.at(column: column(item))
                if item.first == "\"" {
                    guard item.count >= 2, item.last == "\"" else {
                        throw .syntax(at, expected: "a lot label in double quotes", found: "\"\(item)\"")
                    }
                    part.input.label = String(item.dropFirst().dropLast())
                } else if item.count == 10, let date = try? LocalDate(iso: String(item)) {
                    part.input.date = date
                } else {
                    let (value, commodity) = try amounts.price(item, at: at)
                    part.input.cost = .init(per: total ? .total : .unit, value: value.description, commodity: commodity)
                    part.cost = PostingCost(per: total ? .total : .unit, value: value, commodity: commodity)
                }
            }
            if end == body.endIndex { break }
            start = body.index(after: end)
        }
        return part
    }
}

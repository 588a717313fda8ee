import KakeiboDomain
import KakeiboLedger

extension Reconciliation {
    /// `reconcile`'s lines (issue 32): the statement against the cleared balance, then what was cleared, or the
    /// difference and the postings that could explain it. Ends with a newline; terminal-safe.
    public var text: String {
        var out = "\(account.rawValue) on \(asOf): statement \(statement.description), ledger \(ledger.description)"
        guard isMatched else {
            out += ", difference \(difference.description)\n"
            if !explanations.isEmpty {
                out += "could explain it:\n"
                for set in explanations {
                    out += set.map { "  " + Self.row($0) }.joined(separator: "\n    and\n") + "\n"
                }
            }
            if !uncleared.isEmpty {
                out += "uncleared postings up to \(asOf):\n"
                for posting in uncleared.prefix(50) { out += "  " + Self.row(posting) + "\n" }
                if uncleared.count > 50 { out += "  … and \(uncleared.count - 50) more\n" }
            }
            return TerminalText.safe(out)
        }
        out += ": reconciled\n"
        let transactions = Set(cleared.map(\.transactionID)).count
        out += cleared.isEmpty ? "nothing new to clear\n"
            : "cleared \(cleared.count) posting\(cleared.count == 1 ? "" : "s") in \(transactions) transaction\(transactions == 1 ? "" : "s")\n"
        if lockedCount > 0 { out += "locked \(lockedCount) posting\(lockedCount == 1 ? "" : "s")\n" }
        return TerminalText.safe(out)
    }

    /// `2026-10-30  1a2b3c4d  Corner Shop  -34.56 USD  unmarked (a left-out posting) or pending (a taken-in one)`.
    private static func row(_ posting: ReconcilePosting) -> String {
        let mark = posting.status == .pending ? "pending" : "unmarked"
        return "\(posting.date)  \(posting.transactionID.suffix(8))  \(posting.payee ?? "")  \(posting.amount.description)  \(mark)"
    }

    /// `reconcile --format json`: amounts as decimal strings, every posting with its line and status.
    public var json: JSONValue {
        func posting(_ p: ReconcilePosting) -> JSONValue {
            ["date": .string(p.date.description), "id": .string(p.transactionID), "line": .int(Int64(p.line)),
             "payee": p.payee.map(JSONValue.string) ?? .null, "amount": .string(p.amount.decimalString),
             "currency": .string(p.amount.currency.code), "status": .string(p.status?.rawValue ?? "")]
        }
        return ["account": .string(account.rawValue), "asOf": .string(asOf.description),
                "statement": .string(statement.decimalString), "ledger": .string(ledger.decimalString),
                "difference": .string(difference.decimalString), "currency": .string(statement.currency.code),
                "reconciled": .bool(isMatched),
                "cleared": .array(cleared.map(posting)), "locked": .int(Int64(lockedCount)),
                "explanations": .array(explanations.map { .array($0.map(posting)) }),
                "uncleared": .array(uncleared.map(posting)),
                "positions": .array(results.flatMap(\.positions).map(JSONValue.int))]
    }
}

import KakeiboLedger

extension ConflictSummary {
    /// One open conflict as a sentence: `2026-11-02 Green Grocer (…5108d987ca3f): bob's edit of amount 66.66 USD (kept
    /// 77.77 USD) was not applied: alice changed it first`.
    public var sentence: String {
        let name = [date, payee ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
        let values = fields.map { field in
            let quoted = ["payee", "memo"].contains(field.field)
            let (wanted, kept) = quoted ? ("\"\(field.wanted)\"", "\"\(field.kept)\"") : (field.wanted, field.kept)
            return voided ? "\(field.field) \(wanted)" : "\(field.field) \(wanted) (kept \(kept))"
        }
        let who = keptBy.isEmpty ? "someone" : keptBy.joined(separator: " and ")
        let why = voided
            ? "\(who) voided the transaction first"
            : afterKeptAside
                ? "it was made after another edit of \(member)'s that was not applied, so it waits with that one"
                : "\(who) changed \(fields.count == 1 ? "it" : "them") first"
        return "\(name) (\(transactionID)): \(member)'s edit of \(values.joined(separator: ", ")) was not applied: \(why)"
    }
}

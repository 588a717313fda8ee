import KakeiboDomain
import KakeiboLedger

extension OpenConflict {
    /// `conflicts --format json|csv`: the edits the server did not apply and the names two devices gave while apart,
    /// as data (a table is sentences, which need the ledger: `ConflictSummary` and `AccountConflict.sentence`).
    public static func data(_ conflicts: [OpenConflict], accounts: [AccountConflict], csv: Bool) -> String {
        guard csv else {
            return JSONValue.object(["conflicts": .array(conflicts.map { open in
                let c = open.conflict
                return .object(["transaction": .string(c.transactionID), "position": .int(open.position), "basedOn": .int(c.basedOn),
                                "deferred": .array(c.deferred.map(JSONValue.string)), "kept": .array(c.kept.map(JSONValue.string)),
                                "fields": .array(c.fields.map { .object(["field": .string($0.field), "kept": $0.kept, "deferred": $0.deferred]) }),
                                "member": .string(c.member), "device": .string(c.device)])
            }), "accounts": .array(accounts.map { a in
                .object(["account": .string(a.accountID), "name": .string(a.name), "currentName": .string(a.currentName),
                         "keptAccount": .string(a.keptAccountID), "position": .int(a.position)])
            })]).prettyString()
        }
        return CSVWriter.render(header: ["kind", "transaction", "fields", "kept", "deferred", "member", "device"],
                                rows: conflicts.map { open in
                                    let c = open.conflict
                                    return ["edit", c.transactionID, c.fields.map(\.field).joined(separator: " "),
                                            c.fields.map { $0.kept.canonicalString() }.joined(separator: " "),
                                            c.fields.map { $0.deferred.canonicalString() }.joined(separator: " "), c.member, c.device]
                                } + accounts.map { a in ["account", "", "name", a.name, a.currentName, "", ""] })
    }
}

extension AccountConflict {
    /// What `conflicts` says of an account name two devices gave while apart, and what settles it.
    public var sentence: String {
        if keptAccountID == accountID {
            return "\(currentName): two devices renamed this account while apart; \"\(name)\" was overridden (rename it to settle)"
        }
        return "\(name): two devices gave this name to different accounts; the later one is \"\(currentName)\" (rename it to settle)"
    }
}

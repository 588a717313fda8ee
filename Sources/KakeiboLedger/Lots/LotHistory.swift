import KakeiboDomain

/// What `history` says of a lot posting (issue 36): the lot an acquisition opened, and for a
/// sale each lot it took, with units, basis and gain.
enum LotHistory {
    static func changes(of postings: [Posting], store: SQLiteProjectionStore,
                        accountName: (String) throws -> String) throws -> [TransactionHistory.Change] {
        var changes: [TransactionHistory.Change] = []
        for posting in postings {
            guard let lot = posting.lot else { continue }
            let account = try accountName(posting.accountID)
            switch lot.role {
            case .acquired:
                let cost = posting.cost.map { "\($0.per == .unit ? "" : "total ")\($0.value) \($0.commodity.code)" } ?? ""
                let details = [cost, lot.date?.description, lot.label.map { "\"\($0)\"" }].compactMap { $0 }.joined(separator: ", ")
                changes.append(.init(field: "lotAcquired", before: nil, after: "\(account) \(posting.amount) {\(details)}"))
            case .disposed:
                for take in lot.taken {
                    let held = try store.lot(id: take.lotID)
                    let cost = held?.costCommodity ?? posting.cost?.commodity ?? posting.amount.currency
                    let name = held?.label.map { "\"\($0)\"" } ?? take.lotID
                    let acquired = held.map { " acquired \($0.acquiredOn)" } ?? ""
                    changes.append(.init(field: "lotSold", before: nil, after:
                        "\(account) \(Money(minorUnits: take.units, currency: posting.amount.currency)) from lot \(name)\(acquired)"
                        + " (\(lot.booking?.rawValue ?? "fifo")): basis \(Money(minorUnits: take.basis, currency: cost)),"
                        + " gain \(Money(minorUnits: take.gain, currency: cost))"))
                }
            }
        }
        return changes
    }
}

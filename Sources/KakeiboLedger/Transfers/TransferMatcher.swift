import KakeiboDomain

/// Pairs the two sides of payments between the household's own accounts (issue 32, part 2).
///
/// Pure: it sees sides (`Ledger.transferSides`), not the database, so `transfers match` and a
/// statement import (`counterpart`) pair by one rule. A debit pairs with a credit of the same
/// amount and commodity on another account, dated at most `days` apart; each side pairs once.
/// Among several credits that fit, the nearest in date wins, then the one recorded first, so the
/// same log always gives the same pairs.
public struct TransferMatcher: Sendable {
    /// How far apart the two dates may be: a card payment leaves checking on the 3rd and reaches
    /// the card on the 5th; four days covers a weekend and a bank holiday.
    public var days: Int

    public init(days: Int = 4) {
        self.days = days
    }

    /// Pairs among `sides`, debits taken in date order.
    public func pairs(_ sides: [TransferSide]) -> [TransferPair] {
        var credits: [Key: [TransferSide]] = [:]
        for side in sides where side.amount.minorUnits > 0 { credits[Key(side.amount), default: []].append(side) }
        var used: Set<String> = []
        var pairs: [TransferPair] = []
        for debit in sides.filter({ $0.amount.minorUnits < 0 }).sorted(by: Self.earlier) where !used.contains(debit.transactionID) {
            guard let negated = try? debit.amount.negated(),
                  let credit = best(among: credits[Key(negated)] ?? [], for: debit.accountID, near: debit.date, excluding: used)
            else { continue }
            used.insert(debit.transactionID)
            used.insert(credit.transactionID)
            pairs.append(TransferPair(outgoing: debit, incoming: credit))
        }
        return pairs
    }

    /// The side already in the ledger that a new statement line completes: the line moves `amount`
    /// on `accountID` on `date`, and a side of the opposite amount on another account within `days`
    /// is its other end. `excluding`: transaction ids already paired in this import.
    public func counterpart(accountID: String, date: LocalDate, amount: Money, among sides: [TransferSide],
                            excluding used: Set<String> = []) -> TransferSide? {
        guard !amount.isZero, let wanted = try? amount.negated() else { return nil }
        return best(among: sides.filter { $0.amount == wanted }, for: accountID, near: date, excluding: used)
    }

    private func best(among candidates: [TransferSide], for accountID: String, near date: LocalDate, excluding used: Set<String>) -> TransferSide? {
        candidates
            .filter { $0.accountID != accountID && !used.contains($0.transactionID) && abs($0.date.daysSinceEpoch - date.daysSinceEpoch) <= days }
            .min { a, b in
                let (da, db) = (abs(a.date.daysSinceEpoch - date.daysSinceEpoch), abs(b.date.daysSinceEpoch - date.daysSinceEpoch))
                return da != db ? da < db : Self.earlier(a, b)
            }
    }

    private static func earlier(_ a: TransferSide, _ b: TransferSide) -> Bool {
        (a.date, a.position, a.transactionID) < (b.date, b.position, b.transactionID)
    }

    private struct Key: Hashable {
        var minorUnits: Int64
        var currency: Currency
        init(_ money: Money) { minorUnits = money.minorUnits; currency = money.currency }
    }
}

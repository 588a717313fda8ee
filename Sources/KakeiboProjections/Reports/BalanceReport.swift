import KakeiboDomain

/// Balances as a tree: every account and every ancestor, each parent rolling up its children.
public struct BalanceReport: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        /// Full name (`assets:bank:checking`).
        public var name: String
        public var depth: Int
        public var currency: Currency
        /// The account's own balance; nil for a parent that is only a grouping.
        public var own: Money?
        /// Own balance plus every descendant's.
        public var total: Money
    }

    /// Non-zero own balances, sorted by account then currency: the flat report.
    public var accounts: [AccountBalance]
    /// The tree, in name order, parents before children.
    public var lines: [Line]
    /// The sum over every account per currency; zero in a balanced ledger.
    public var totals: [Money]

    public init(balances: [AccountBalance]) throws {
        accounts = balances.filter { !$0.amount.isZero }.sorted {
            ($0.account, $0.amount.currency) < ($1.account, $1.amount.currency)
        }
        struct Key: Hashable, Comparable {
            var name: String
            var currency: Currency
            static func < (a: Key, b: Key) -> Bool {
                // "a:b" sorts right after "a" and before "a b": compare component-wise.
                let left = a.name.split(separator: ":"), right = b.name.split(separator: ":")
                if left != right {
                    return left.lexicographicallyPrecedes(right) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                }
                return a.currency < b.currency
            }
        }
        // Wide sums: a total that fits is right whatever order the accounts are added in.
        var totalsByKey: [Key: WideSum] = [:]
        var ownByKey: [Key: Money] = [:]
        var grand: [Currency: WideSum] = [:]
        for balance in accounts {
            let currency = balance.amount.currency
            ownByKey[Key(name: balance.account.rawValue, currency: currency)] = balance.amount
            for name in balance.account.ancestors + [balance.account.rawValue] {
                totalsByKey[Key(name: name, currency: currency), default: WideSum()].add(balance.amount.minorUnits)
            }
            grand[currency, default: WideSum()].add(balance.amount.minorUnits)
        }
        lines = try totalsByKey.keys.sorted().map { key in
            guard let total = totalsByKey[key]!.value else { throw LedgerError.balanceOverflow(account: key.name, total: true) }
            return Line(name: key.name, depth: key.name.split(separator: ":").count - 1, currency: key.currency,
                        own: ownByKey[key], total: Money(minorUnits: total, currency: key.currency))
        }
        totals = try grand.sorted { $0.key < $1.key }.map { currency, sum in
            guard let total = sum.value else { throw LedgerError.money(.overflow) }
            return Money(minorUnits: total, currency: currency)
        }
    }
}

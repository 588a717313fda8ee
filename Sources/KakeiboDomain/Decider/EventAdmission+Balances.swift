// Money that would not fit. Amounts are checked one by one when parsed, but a balance is a sum,
// and SQLite turns an overflowing integer sum into a REAL that no report can read back. So an
// event (or a command's events) is refused when it would push any balance it touches, or the
// total of any account above it in the tree, past Int64 minor units. One copy: the decider calls
// it for a command's events together, `EventAdmission.check` for each event the fold meets.

extension EventAdmission {
    private struct Key: Hashable {
        var account: String
        var currency: Currency
    }

    /// Throws `LedgerError.balanceOverflow` (or `.money` for an amount that cannot be negated) when
    /// `events`, applied to `state` together, would take a balance or a subtree total past Int64.
    public static func checkBalances(after events: [LedgerEvent], against state: some LedgerStateReader) throws {
        var moves: [Move] = []
        for event in events {
            switch event {
            case .transactionEdited(let e):
                guard let before = try state.transaction(id: e.transactionID) else { continue }
                moves.append(Move(postings: before.postings, sign: -1))
                moves.append(Move(postings: try before.applying(e.changes).postings, sign: 1))
            case .transactionVoided(let e):
                // A second void moves no money (the first took it off the books).
                guard let before = try state.transaction(id: e.transactionID), !before.isVoided else { continue }
                moves.append(Move(postings: before.postings, sign: -1))
            default:
                let recorded: LedgerTransaction?
                do { recorded = try LedgerTransaction(recordedBy: event) } catch { throw LedgerError.money(error) }
                if let recorded { moves.append(Move(postings: recorded.postings, sign: 1)) }
            }
        }
        try checkBalances(moving: moves, against: state)
    }

    /// Postings added to the books (`sign` 1) or taken off them (-1).
    struct Move {
        var postings: [Posting]
        var sign: Int64
    }

    /// `checkBalances(after:against:)` for postings already in hand (the admission of one event has them).
    static func checkBalances(moving moves: [Move], against state: some LedgerStateReader) throws {
        // A household ledger is nowhere near Int64: when every balance's magnitude together, plus
        // every amount moved, still fits, no balance or total can overflow. Checked first, with no
        // table of deltas: the fold admits every event of a rebuild through here.
        guard let bound = try state.balanceMagnitudeBound() else { return try checkEachBalance(moving: moves, against: state) }
        var moved = bound
        for move in moves {
            for posting in move.postings {
                let (sum, overflow) = moved.addingReportingOverflow(posting.amount.minorUnits.magnitude)
                moved = overflow ? .max : sum
            }
        }
        if moved <= UInt64(Int64.max) { return }
        try checkEachBalance(moving: moves, against: state)
    }

    /// Each balance and subtree total the moves touch, against Int64.
    private static func checkEachBalance(moving moves: [Move], against state: some LedgerStateReader) throws {
        var deltas: [Key: WideSum] = [:]
        var order: [Key] = []
        for move in moves {
            for posting in move.postings {
                // An alias id (two devices opened one name) posts to the account it stands for.
                let key = Key(account: try state.accountID(resolving: posting.accountID), currency: posting.amount.currency)
                if deltas[key] == nil { order.append(key) }
                if move.sign < 0 {
                    deltas[key, default: WideSum()].subtract(posting.amount.minorUnits)
                } else {
                    deltas[key, default: WideSum()].add(posting.amount.minorUnits)
                }
            }
        }
        guard !deltas.isEmpty else { return }
        // Each account's own balance, then every total it is part of, deepest first.
        var subtreeDeltas: [Key: WideSum] = [:]
        var subtreeOrder: [Key] = []
        for key in order {
            let delta = deltas[key]!
            guard let account = try state.account(id: key.account) else { continue }
            var own = WideSum((try state.balances(accountID: key.account).first { $0.currency == key.currency })?.minorUnits ?? 0)
            own.add(delta)
            guard own.value != nil else { throw LedgerError.balanceOverflow(account: account.name.rawValue, total: false) }
            for name in [account.name.rawValue] + account.name.ancestors.reversed() {
                let subtree = Key(account: name, currency: key.currency)
                if subtreeDeltas[subtree] == nil { subtreeOrder.append(subtree) }
                subtreeDeltas[subtree, default: WideSum()].add(delta)
            }
        }
        for key in subtreeOrder {
            guard var total = try state.subtreeTotal(of: key.account, currency: key.currency) else { continue }
            total.add(subtreeDeltas[key]!)
            guard total.value != nil else { throw LedgerError.balanceOverflow(account: key.account, total: true) }
        }
    }
}

// Lots in the one write pipeline (issue 36): an acquisition opens a lot at its cost; a disposal
// takes lots by label, cost or date, or by the account's booking method, is weighed at their
// cost basis (its conversion postings carry the basis, as beancount weighs a reduction), and
// the difference from what the sale fetched is a generated posting to the gains account.

/// Units a command has already taken from each lot, so two disposals in one transaction
/// never sell the same units twice.
struct LotBook {
    var taken: [String: (units: Int64, basis: Int64)] = [:]
}

extension LedgerDecider {
    /// Makes `posting` a lot posting when its input has braces, or when it sells units of a
    /// commodity its account holds in lots; leaves every other posting as it was.
    func bookLot(_ posting: inout Posting, input: LedgerCommand.PostingInput, account: Account, book: inout LotBook) throws {
        let amount = posting.amount
        guard !amount.isZero, posting.virtual == nil else { return }
        if amount.minorUnits > 0 {
            guard let lotInput = input.lot else { return }
            try acquire(&posting, lotInput, input: input, account: account)
            return
        }
        let lots = try state.openLots(accountID: account.id, commodity: amount.currency)
        guard input.lot != nil || !lots.isEmpty else { return }
        try dispose(&posting, input.lot ?? .init(), price: input.cost, lots: lots, account: account, book: &book)
    }

    private func acquire(_ posting: inout Posting, _ lotInput: LedgerCommand.LotInput, input: LedgerCommand.PostingInput,
                         account: Account) throws {
        guard let costInput = lotInput.cost ?? input.cost else {
            throw LotError.acquisitionWithoutCost(account: account.name.rawValue)
        }
        let cost = try postingCost(costInput, for: posting.amount)
        guard cost.value.mantissa > 0 else {
            throw LotError.invalidLot(account: account.name.rawValue, reason: "a lot's cost must be above zero")
        }
        if let label = lotInput.label {
            try checkText(label, field: "lot label")
            if try state.openLots(accountID: account.id, commodity: posting.amount.currency).contains(where: { $0.label == label }) {
                throw LotError.invalidLot(account: account.name.rawValue, reason: "an open lot is already labelled \"\(label)\"")
            }
        }
        if let date = lotInput.date { try PlanPeriod.check(date) }
        posting.cost = cost
        posting.lot = PostingLot(role: .acquired, date: lotInput.date, label: lotInput.label,
                                 price: lotInput.cost == nil ? nil : try input.cost.map { try postingCost($0, for: posting.amount) })
    }

    private func dispose(_ posting: inout Posting, _ lotInput: LedgerCommand.LotInput, price: LedgerCommand.CostInput?,
                         lots: [Lot], account: Account, book: inout LotBook) throws {
        let name = account.name.rawValue
        let commodity = posting.amount.currency
        // What this command has not taken yet.
        var open = lots.compactMap { lot -> Lot? in
            var lot = lot
            if let taken = book.taken[lot.id] { lot.openUnits -= taken.units; lot.openBasis -= taken.basis }
            return lot.openUnits > 0 ? lot : nil
        }
        var selectedCost: PostingCost?
        if let input = lotInput.cost {
            do { selectedCost = PostingCost(per: input.per, value: try ExactDecimal(parsing: input.value), commodity: input.commodity) }
            catch { throw LedgerError.money(error) }
        }
        var selection: [String] = []
        if let label = lotInput.label {
            open = open.filter { $0.label == label }
            guard !open.isEmpty else { throw LotError.unknownLabel(account: name, label: label, commodity: commodity.code) }
            selection.append("\"\(label)\"")
        }
        if let selectedCost, selectedCost.per == .unit {
            open = open.filter { $0.unitCost.sameValue(as: selectedCost.value) && $0.costCommodity == selectedCost.commodity }
            selection.append("\(selectedCost.value) \(selectedCost.commodity.code)")
        }
        if let date = lotInput.date {
            open = open.filter { $0.acquiredOn == date }
            selection.append(date.description)
        }
        if open.isEmpty, !selection.isEmpty {
            throw LotError.noMatchingLot(account: name, selection: "{\(selection.joined(separator: ", "))}")
        }
        let method = try state.booking(accountID: account.id)?.method ?? .fifo
        guard let costCommodity = open.first?.costCommodity else {
            throw LotError.exceedsHolding(account: name, requested: try posting.amount.negated().description, held: "0 \(commodity.code)")
        }
        open = open.filter { $0.costCommodity == costCommodity }
        let need = -posting.amount.minorUnits
        let available = open.reduce(Int64(0)) { $0 + $1.openUnits }
        guard need <= available else {
            let requested = try posting.amount.negated().description
            let held = Money(minorUnits: available, currency: commodity).description
            if selection.isEmpty { throw LotError.exceedsHolding(account: name, requested: requested, held: held) }
            throw LotError.exceedsLot(account: name, lot: selection.joined(separator: ", "), requested: requested, available: held)
        }
        if method == .lifo && selection.isEmpty { open.reverse() }
        var taken: [LotTaken] = []
        var remaining = need
        for lot in open where remaining > 0 {
            let units = min(remaining, lot.openUnits)
            let basis = try LotArithmetic.share(lot.openBasis, units, of: lot.openUnits)
            taken.append(LotTaken(lotID: lot.id, units: units, basis: basis, gain: 0))
            remaining -= units
        }
        if method == .average && selection.isEmpty {
            // At the average cost of everything held: the sale's basis is its share of the
            // whole holding's, spread over the lots it takes by units.
            let total = try LotArithmetic.share(open.reduce(0) { $0 + $1.openBasis }, need, of: available)
            let bases = try LotArithmetic.spread(total, over: taken.map(\.units))
            for index in taken.indices { taken[index].basis = bases[index] }
        }
        for take in taken {
            let before = book.taken[take.lotID] ?? (0, 0)
            book.taken[take.lotID] = (before.units + take.units, before.basis + take.basis)
        }
        let basis = taken.reduce(Int64(0)) { $0 + $1.basis }
        posting.cost = PostingCost(per: .total, value: ExactDecimal(mantissa: basis, scale: costCommodity.minorDigits),
                                   commodity: costCommodity)
        posting.lot = PostingLot(role: .disposed, date: lotInput.date, label: lotInput.label, selectedCost: selectedCost,
                                 price: try price.map { try postingCost($0, for: posting.amount) }, booking: method, taken: taken)
    }

    /// The generated postings to the gains account: a disposal with a sale price gains what it
    /// fetched less its basis; without one, the transaction's imbalance in the basis commodity
    /// is the gain (nothing when a posting leaves its amount out: that posting takes it).
    func gainPostings(_ postings: [Posting], conversions: [Posting], hasElided: Bool,
                      opening opened: inout [LedgerEvent]) throws -> [Posting] {
        let disposals = postings.filter { $0.lot?.role == .disposed }
        guard !disposals.isEmpty else { return [] }
        var gains: [String: [Commodity: Int64]] = [:]
        var order: [String] = []
        let priced = disposals.contains { $0.lot?.price != nil }
        var imbalance: [Commodity: Int64] = [:]
        if !priced, !hasElided {
            for money in try (postings + conversions).imbalances() { imbalance[money.currency] = money.minorUnits }
        }
        for posting in disposals {
            guard let cost = posting.cost else { continue }
            let account = try state.booking(accountID: posting.accountID)?.gainsAccount ?? LotBooking.defaultGainsAccount
            if gains[account] == nil { order.append(account) }
            var gain: Int64 = 0
            if let price = posting.lot?.price {
                let proceeds: Money
                do { proceeds = try price.weight(of: posting.amount).weight } catch { throw LedgerError.money(error) }
                // A sale weighs -proceeds at its price and -basis at cost: gain = proceeds − basis.
                gain = -proceeds.minorUnits - cost.value.mantissa
            } else if let off = imbalance.removeValue(forKey: cost.commodity) {
                gain = off
            }
            gains[account, default: [:]][cost.commodity, default: 0] += gain
        }
        var result: [Posting] = []
        for name in order {
            for (commodity, gain) in gains[name, default: [:]].sorted(by: { $0.key < $1.key }) where gain != 0 {
                let accountID = try gainsAccountID(name, commodity: commodity, opening: &opened)
                var posting = Posting(accountID: accountID, amount: Money(minorUnits: -gain, currency: commodity))
                posting.isGeneratedGain = true
                result.append(posting)
            }
        }
        return result
    }

    private func gainsAccountID(_ name: String, commodity: Commodity, opening opened: inout [LedgerEvent]) throws -> String {
        if let account = try account(named: name) {
            guard !account.isClosed else { throw LedgerError.accountClosed(name) }
            try checkCurrency(Money.zero(commodity), account)
            return account.id
        }
        if let pending = opened.lazy.compactMap({ event -> String? in
            if case .accountOpened(let e) = event, e.name.rawValue == name { return e.accountID } else { return nil }
        }).first {
            return pending
        }
        let event = try openAccount(name, type: .income, currency: commodity)
        guard case .accountOpened(let e) = event else { preconditionFailure("openAccount opens an account") }
        opened.append(event)
        return e.accountID
    }

    /// Shares each disposal's realised gain among the lots it took. The gain is what the
    /// transaction posts to the gains accounts (generated or written, as an export writes it
    /// back); priced disposals whose own gains add up to it keep them, else it is spread by basis.
    func sharingGains(_ postings: [Posting]) throws -> [Posting] {
        var result = postings
        let disposals = result.indices.filter { result[$0].lot?.role == .disposed }
        guard !disposals.isEmpty else { return result }
        var byCommodity: [Commodity: [Int]] = [:]
        for index in disposals {
            if let cost = result[index].cost { byCommodity[cost.commodity, default: []].append(index) }
        }
        for (commodity, indices) in byCommodity.sorted(by: { $0.key < $1.key }) {
            var gainsAccounts: Set<String> = [LotBooking.defaultGainsAccount]
            for index in indices {
                if let name = try state.booking(accountID: result[index].accountID)?.gainsAccount { gainsAccounts.insert(name) }
            }
            var total: Int64 = 0
            for posting in result where posting.amount.currency == commodity && posting.lot == nil {
                if posting.isGeneratedGain { total -= posting.amount.minorUnits; continue }
                if let account = try state.account(id: posting.accountID), gainsAccounts.contains(account.name.rawValue) {
                    total -= posting.amount.minorUnits
                }
            }
            var priced: [Int64] = []
            for index in indices {
                guard let price = result[index].lot?.price, let cost = result[index].cost else { break }
                let proceeds: Money
                do { proceeds = try price.weight(of: result[index].amount).weight } catch { throw LedgerError.money(error) }
                priced.append(-proceeds.minorUnits - cost.value.mantissa)
            }
            let gains = priced.count == indices.count && priced.reduce(0, +) == total
                ? priced : try unpricedGains(total, postings: indices.map { result[$0] })
            for (index, gain) in zip(indices, gains) { try share(gain, into: &result[index]) }
        }
        return result
    }

    /// A gain the sale's lines do not price themselves (an export's one line per lot at its
    /// basis beside the gains posting). Units of one commodity all sold at one price: what the
    /// sale fetched is shared by units, each line's gain its share less its basis, so the lots
    /// of `-15 VTI @ $250.00` read back from an export gain $400 and $150 again (shared by basis
    /// they gained $360.94 and $189.06). Lines of several commodities share it by basis.
    private func unpricedGains(_ total: Int64, postings: [Posting]) throws -> [Int64] {
        let bases = postings.map { $0.cost?.value.mantissa ?? 0 }
        let commodities = Set(postings.map(\.amount.currency))
        guard commodities.count == 1 else { return try LotArithmetic.spread(total, over: bases) }
        let proceeds = try LotArithmetic.spread(bases.reduce(0, +) + total, over: postings.map { -$0.amount.minorUnits })
        return zip(proceeds, bases).map { $0 - $1 }
    }

    /// What the sale fetched (basis + gain) is shared among its lots by units, as every unit
    /// sold at one price; each lot's gain is its share less its own basis.
    private func share(_ gain: Int64, into posting: inout Posting) throws {
        guard var lot = posting.lot else { return }
        let proceeds = lot.taken.reduce(Int64(0)) { $0 + $1.basis } + gain
        let shares = try LotArithmetic.spread(proceeds, over: lot.taken.map(\.units))
        for index in lot.taken.indices { lot.taken[index].gain = shares[index] - lot.taken[index].basis }
        posting.lot = lot
    }

    /// `account open … --booking` and `account booking`: refused while the account holds lots.
    func setBooking(account name: String, _ booking: LotBooking) throws -> [LedgerEvent] {
        guard let account = try account(named: name) else { throw LedgerError.unknownAccount(name) }
        guard !account.isClosed else { throw LedgerError.accountClosed(name) }
        if let gains = booking.gainsAccount { _ = try AccountName(gains) }
        let current = try state.booking(accountID: account.id) ?? LotBooking(method: .fifo)
        guard current != booking else { throw LotError.sameBooking(account: name, method: booking.method) }
        if current.method != booking.method {
            let commodities = try state.openLotCount(accountID: account.id)
            if commodities > 0 { throw LotError.openLots(account: name, count: commodities) }
        }
        return [.accountBookingSet(.init(accountID: account.id, booking: booking))]
    }

    /// A transaction that opened or sold lots keeps them: a later sale may have taken its lots.
    func checkNoLots(transactionID: String) throws {
        if try state.hasLots(transactionID: transactionID) { throw LotError.lotTransaction(id: transactionID) }
    }
}

extension ExactDecimal {
    /// `210` and `210.00` are the same cost.
    func sameValue(as other: ExactDecimal) -> Bool {
        var a = self, b = other
        while a.scale < b.scale, let next = a.scaledUp() { a = next }
        while b.scale < a.scale, let next = b.scaledUp() { b = next }
        return a.scale == b.scale && a.mantissa == b.mantissa
    }

    private func scaledUp() -> ExactDecimal? {
        let (value, overflow) = mantissa.multipliedReportingOverflow(by: 10)
        guard !overflow, scale < 18 else { return nil }
        return ExactDecimal(mantissa: value, scale: scale + 1)
    }
}

/// One answer to "may this event follow this state", whoever asks: the decider (through the
/// fold of what it decided), the fold itself (a local command, catch-up, rebuild, replay and
/// verify, a device's pull, the server's replica) and the household server on every pushed event.
///
/// The rules are the invariants that keep double entry sound whatever order the devices' events
/// met in (`AdmissionRule`): they tolerate what two devices may do while apart (post to an
/// account the other closed, void a transaction twice, open one name twice), and refuse what no
/// honest device writes (a posting on an account never opened, postings that do not balance, a
/// sum past Int64). Only `authorSaw` adds a rule that is not concurrency-tolerant.
public enum EventAdmission {
    /// Throws `LedgerError.inadmissible(AdmissionRefusal)` when `event` may not follow `state`.
    ///
    /// `authorSaw`: the last log position the event's author had seen (a device's synced position),
    /// when known. With it, an `AccountOpened` (or `AccountRenamed`) to a name an account already
    /// held at or before that position is refused (`.nameInUse`): the author knew the name was taken.
    /// Without it (a fold, a pull, a replay) such an event is a concurrent open, and the fold merges
    /// or marks it (`LedgerProjector`'s alias and conflict code).
    public static func check(_ event: LedgerEvent, against state: some LedgerStateReader, authorSaw: Int64? = nil) throws {
        do {
            try admit(event, state, authorSaw: authorSaw)
        } catch let refusal as AdmissionRefusal {
            throw LedgerError.inadmissible(refusal)
        }
    }

    private static func admit(_ event: LedgerEvent, _ state: some LedgerStateReader, authorSaw: Int64?) throws {
        switch event {
        case .ledgerCreated:
            if try state.settings() != nil { throw AdmissionRefusal(.ledgerExists, "the ledger was created already") }
        case .accountOpened(let e):
            if try state.account(id: e.accountID) != nil || state.accountID(resolving: e.accountID) != e.accountID {
                throw AdmissionRefusal(.accountIdInUse, "account id \(e.accountID) is already in use")
            }
            try checkNameUnseen(e.name, by: nil, state, authorSaw: authorSaw)
        case .accountRenamed(let e):
            let account = try existingAccount(e.accountID, state)
            try checkNameUnseen(e.to, by: account.id, state, authorSaw: authorSaw)
        case .accountRetyped(let e):
            _ = try existingAccount(e.accountID, state)
        case .accountClosed(let e):
            _ = try existingAccount(e.accountID, state)
        case .categoryDefined(let e):
            _ = try existingAccount(e.accountID, state)
        case .categoryRenamed(let e):
            try existingCategory(e.accountID, state)
        case .categoryArchived(let e):
            try existingCategory(e.accountID, state)
        case .budgetSet(let e):
            _ = try existingAccount(e.accountID, state)
        case .budgetCleared(let e):
            _ = try existingAccount(e.accountID, state)
        case .expenseCaptured(let e), .incomeRecorded(let e), .transferMade(let e):
            if e.amount.isZero { throw AdmissionRefusal(.zeroAmount, "transaction \(e.transactionID) moves nothing") }
            try checkRecorded(event, state)
        case .transactionRecorded:
            try checkRecorded(event, state)
        case .transactionEdited(let e):
            guard let before = try state.transaction(id: e.transactionID) else {
                throw AdmissionRefusal(.unknownTransaction, "no transaction \(e.transactionID) to edit")
            }
            guard !before.isVoided else {
                throw AdmissionRefusal(.editOfVoided, "transaction \(e.transactionID) is voided and cannot be edited")
            }
            let after: LedgerTransaction
            do { after = try before.applying(e.changes) } catch { throw AdmissionRefusal(.malformed, "\(error)") }
            try checkPostings(after.postings, of: e.transactionID, state)
            try checkFits([Move(postings: before.postings, sign: -1), Move(postings: after.postings, sign: 1)], state)
        case .transactionVoided(let e):
            // A second void stays allowed: two devices may void one transaction while apart (see LedgerProjector).
            guard let before = try state.transaction(id: e.transactionID) else {
                throw AdmissionRefusal(.unknownTransaction, "no transaction \(e.transactionID) to void")
            }
            // A second void moves no money (the first took it off the books).
            if !before.isVoided { try checkFits([Move(postings: before.postings, sign: -1)], state) }
        case .commodityDeclared:
            // Declared again by another device (one journal imported on two devices while apart) is one
            // commodity, at another precision too: the fold keeps the larger precision and counts every
            // amount in it (`LedgerProjector`), as a `CommodityPrecisionGrown` would. Refusing it left the
            // second device unable to sync for good (the simulator's divergence 1, issue 30).
            break
        case .postingsMarked(let e):
            try markedTransaction(e.transactionID, state)
        case .postingsLocked(let e):
            try markedTransaction(e.transactionID, state)
        case .accountBookingSet(let e):
            _ = try existingAccount(e.accountID, state)
        case .balanceAsserted(let e):
            // What a bank stated needs only its account: the books may disagree (BalanceAssertion.swift).
            _ = try existingAccount(e.accountID, state)
        case .commodityPrecisionGrown(let e):
            // Grown already (by another device while apart): admitted, and the fold changes nothing.
            let known = try state.commodity(symbol: e.code)
            guard Commodity.knownMinorDigits[e.code] != nil || known != nil else {
                throw AdmissionRefusal(.commodityPrecision, "commodity \(e.code) was never declared, so it has no precision to grow")
            }
        case .priceRetracted(let e):
            // A price some event recorded: a second retraction of it (two devices, while apart) is
            // admitted and changes nothing, as a second void is; one of a price never recorded is not.
            if let recordings = try state.priceRecordings(of: e.commodity, in: e.quote, on: e.date),
               !recordings.contains(where: { PriceRecording.sameValue($0.value, e.value) }) {
                throw AdmissionRefusal(.unknownPrice, "no price of \(e.commodity.code) at \(e.value) \(e.quote.code) "
                                       + "was recorded for \(e.date) to retract")
            }
        case .incomeGoalSet, .receiptScanned, .priceRecorded, .forecastRuleSet, .transactionConflicted:
            // Nothing the books' soundness rests on: the fold keeps them as they come.
            break
        }
    }

    // MARK: - Rules

    /// A new transaction: its id is fresh, its accounts exist, it balances and fits.
    private static func checkRecorded(_ event: LedgerEvent, _ state: some LedgerStateReader) throws {
        let recorded: LedgerTransaction
        do {
            guard let transaction = try LedgerTransaction(recordedBy: event) else { return }
            recorded = transaction
        } catch {
            throw AdmissionRefusal(.malformed, "\(error)")
        }
        if try state.hasTransaction(id: recorded.id) {
            throw AdmissionRefusal(.transactionIdInUse, "transaction id \(recorded.id) is already in use")
        }
        try checkPostings(recorded.postings, of: recorded.id, state)
        try checkFits([Move(postings: recorded.postings, sign: 1)], state)
    }

    /// Every posting's account exists (after alias resolution), and the postings balance per
    /// commodity (`imbalances`: unbalanced virtual postings `(account)` are left out, as in hledger).
    private static func checkPostings(_ postings: [Posting], of transactionID: String, _ state: some LedgerStateReader) throws {
        for posting in postings where try state.account(id: state.accountID(resolving: posting.accountID)) == nil {
            throw AdmissionRefusal(.unknownAccount, "transaction \(transactionID) posts to account \(posting.accountID), which was never opened")
        }
        // Minor units counted at more decimals than the ledger stores the commodity at would be read
        // as 10^k times the amount: its precision must grow first (`CommodityPrecisionGrown`).
        for posting in postings where !posting.amount.currency.isISO {
            let currency = posting.amount.currency
            if let stored = try state.commodity(symbol: currency.code) ?? currency.tableDigits.map(currency.storedAt),
               stored.minorDigits < currency.minorDigits {
                throw AdmissionRefusal(.commodityPrecision, "transaction \(transactionID) counts \(currency.code) in \(currency.minorDigits) "
                                       + "decimals, but it is stored with \(stored.minorDigits)")
            }
        }
        if balancesInOneCommodity(postings) { return }
        let imbalances: [Money]
        do { imbalances = try postings.imbalances() } catch { throw AdmissionRefusal(.balanceOverflow, "\(error)") }
        if !imbalances.isEmpty {
            throw AdmissionRefusal(.unbalanced, "transaction \(transactionID) does not balance: "
                                   + imbalances.map(\.description).joined(separator: ", "))
        }
    }

    /// The common case, without `imbalances()`'s tables: real postings in one commodity summing to
    /// zero. False sends the postings to the full per-commodity check (which also words the refusal).
    private static func balancesInOneCommodity(_ postings: [Posting]) -> Bool {
        guard let currency = postings.first?.amount.currency else { return true }
        var sum: Int64 = 0
        for posting in postings {
            guard posting.virtual == nil, posting.amount.currency == currency else { return false }
            let (next, overflow) = sum.addingReportingOverflow(posting.amount.minorUnits)
            guard !overflow else { return false }
            sum = next
        }
        return sum == 0
    }

    /// No balance or subtree total passes Int64 (`checkBalances`), said as a refusal.
    private static func checkFits(_ moves: [Move], _ state: some LedgerStateReader) throws {
        do {
            try checkBalances(moving: moves, against: state)
        } catch let error as LedgerError {
            switch error {
            case .balanceOverflow, .money: throw AdmissionRefusal(.balanceOverflow, error.description)
            default: throw AdmissionRefusal(.malformed, "\(error)")
            }
        }
    }

    /// A mark or lock names a recorded transaction. A voided one, or a line an edit took away, is
    /// tolerated (two devices apart: one reconciled, the other edited); the fold marks what is there.
    private static func markedTransaction(_ id: String, _ state: some LedgerStateReader) throws {
        guard try state.hasTransaction(id: id) else {
            throw AdmissionRefusal(.unknownTransaction, "no transaction \(id) to mark")
        }
    }

    private static func existingAccount(_ id: String, _ state: some LedgerStateReader) throws -> Account {
        guard let account = try state.account(id: state.accountID(resolving: id)) else {
            throw AdmissionRefusal(.unknownAccount, "account \(id) was never opened")
        }
        return account
    }

    private static func existingCategory(_ id: String, _ state: some LedgerStateReader) throws {
        guard try state.category(accountID: state.accountID(resolving: id)) != nil else {
            throw AdmissionRefusal(.unknownCategory, "category \(id) was never defined")
        }
    }

    /// With `authorSaw`, a name held (by another account than `renamed`) since a position the
    /// author had seen: the author's own device would have refused it.
    private static func checkNameUnseen(_ name: AccountName, by renamed: String?, _ state: some LedgerStateReader, authorSaw: Int64?) throws {
        guard let authorSaw, let holder = try state.account(named: name.rawValue), holder.id != renamed,
              let named = try state.namedPosition(accountID: holder.id), named <= authorSaw else { return }
        throw AdmissionRefusal(.nameInUse, "account \"\(name.rawValue)\" was taken at position \(named), which the author had seen")
    }
}

import KakeiboDomain

extension JournalReader {
    /// Checks every balance assertion as hledger does: each account's running balance is summed
    /// over the postings in date order, and within a date in file order. A back-filled entry
    /// (later in the file, earlier in date) counts before an assertion dated after it.
    mutating func checkAssertions() throws(ImportError) {
        // A failure counts only if the file's dates never went back: a back-filled entry further
        // on counts before it, and such a journal is read whole and checked again (`stream`).
        if let order = inOrderAssertions, !order.outOfOrder, let failure = order.failure { throw failure }
        guard !assertionColumns.isEmpty, sink == nil else { return }
        let order = journal.transactions.indices.sorted {
            let a = journal.transactions[$0].date, b = journal.transactions[$1].date
            return a != b ? a < b : $0 < $1
        }
        var running: [BalanceKey: Money] = [:]
        for index in order { try apply(journal.transactions[index], index: index, to: &running) }
    }

    /// Adds the postings of the transaction numbered `index` (in file order) to the running
    /// balances, checking each assertion against them as it comes.
    mutating func apply(_ transaction: JournalTransaction, index: Int, to running: inout [BalanceKey: Money]) throws(ImportError) {
        for (number, posting) in transaction.postings.enumerated() {
            let name = posting.account.rawValue
            let key = BalanceKey(account: name, commodity: posting.amount.currency.code)
            let balance: Money
            do { balance = try (running[key] ?? .zero(posting.amount.currency)).adding(posting.amount) } catch {
                throw .balanceOverflow(posting.location, account: name)
            }
            running[key] = balance
            guard let asserted = posting.assertion else { continue }
            journal.assertionsChecked += 1
            // `=` asserts the asserted commodity's balance; costs are ignored, as in hledger.
            var actual = running[BalanceKey(account: name, commodity: asserted.currency.code)] ?? .zero(asserted.currency)
            if posting.assertionIsInclusive {
                // `=*`: the account and every account under it.
                let prefix = name + ":"
                for (key, amount) in running where key.commodity == asserted.currency.code && key.account.hasPrefix(prefix) {
                    do { actual = try actual.adding(amount) } catch {
                        throw .balanceOverflow(posting.location, account: name, total: true)
                    }
                }
            }
            guard actual == asserted else {
                let column = assertionColumns[PostingIndex(transaction: index, posting: number)] ?? posting.location.column
                throw .balanceAssertionFailed(posting.location.at(column: column), account: name,
                                              asserted: asserted.description, actual: actual.description)
            }
        }
    }

    /// The running balances of a streamed read, whose assertions are checked as each transaction
    /// is read: hledger's date order, as long as the file's dates never go back.
    struct InOrderAssertions {
        var running: [BalanceKey: Money] = [:]
        var lastDate: LocalDate?
        /// A transaction dated before one above it: the rest go unchecked here.
        var outOfOrder = false
        var sawAssertion = false
        /// The first assertion that failed, thrown once the files are read (`checkAssertions`), as
        /// a read that keeps its transactions would (an error in reading comes first), and only
        /// if no transaction after it goes back in date.
        var failure: ImportError?
    }

    /// A finished transaction: kept in the journal, or handed to the sink (its assertions checked
    /// first, in the streamed read's first pass).
    mutating func keep(_ transaction: JournalTransaction) throws(ImportError) {
        defer { transactionCount += 1 }
        guard let sink else {
            journal.transactions.append(transaction)
            return
        }
        if var order = inOrderAssertions {
            // Held here and in the reader, the running balances were copied on mutation
            // (`_NativeDictionary.copy`: 0.8 % of a 100k re-import's samples, 0.1 % since).
            inOrderAssertions = nil
            if transaction.postings.contains(where: { $0.assertion != nil }) { order.sawAssertion = true }
            if let last = order.lastDate, transaction.date < last, !order.outOfOrder {
                order.outOfOrder = true
                order.running = [:]
            }
            order.lastDate = transaction.date
            if !order.outOfOrder, order.failure == nil {
                do { try apply(transaction, index: transactionCount, to: &order.running) } catch { order.failure = error }
            }
            inOrderAssertions = order
        }
        // Columns are only looked up for this transaction, now.
        if !assertionColumns.isEmpty { assertionColumns.removeAll(keepingCapacity: true) }
        if !sink(transaction) { stopped = true }
    }
}

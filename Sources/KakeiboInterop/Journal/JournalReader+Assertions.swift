import KakeiboDomain

extension JournalReader {
    /// Checks every balance assertion as hledger does: each account's running balance is summed
    /// over the postings in date order, and within a date in file order. A back-filled entry
    /// (later in the file, earlier in date) counts before an assertion dated after it.
    mutating func checkAssertions() throws(ImportError) {
        guard !assertionColumns.isEmpty else { return }
        let order = journal.transactions.indices.sorted {
            let a = journal.transactions[$0].date, b = journal.transactions[$1].date
            return a != b ? a < b : $0 < $1
        }
        var running: [BalanceKey: Money] = [:]
        for index in order {
            for (number, posting) in journal.transactions[index].postings.enumerated() {
                let name = posting.account.rawValue
                let key = BalanceKey(account: name, commodity: posting.amount.currency.code)
                let balance: Money
                do { balance = try (running[key] ?? .zero(posting.amount.currency)).adding(posting.amount) } catch {
                    throw .invalidAmount(posting.location, text: posting.amount.description, reason: error.description)
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
                            throw .invalidAmount(posting.location, text: amount.description, reason: error.description)
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
    }
}

/// Everything the domain refuses, with the data a front end needs to say what to do about it.
///
/// Descriptions say what is wrong in neutral words: no command syntax. A front end adds its own hint (the
/// CLI's `ErrorMessage` names the `kakeibo …` command to run), the way ArgumentParser keeps its errors
/// apart from the text `MessageInfo` renders.
public enum LedgerError: Error, Equatable, Sendable, CustomStringConvertible {
    case ledgerNotInitialised
    case ledgerAlreadyInitialised
    case invalidAccountName(String, reason: String)
    /// An account opened without a type, whose name does not start with a top-level name that gives one.
    case accountTypeNotInferred(String)
    case unknownAccount(String)
    /// A report asked for an account that neither exists nor has accounts under it.
    case nothingToRead(String, didYouMean: String?)
    case accountExists(String)
    case accountClosed(String)
    case accountNotEmpty(String, balance: String)
    /// An income or expense account keeps its total as history: it is archived, not emptied.
    case categoryNotEmpty(String, balance: String)
    case wrongAccountType(String, is: AccountType, expected: String)
    case unknownCategory(String)
    /// A top-level name (`expenses`) given where a category is needed.
    case rootIsNotACategory(String)
    /// A goal in a currency no income account holds: nothing could count toward it.
    case noIncomeInCurrency(String, base: String)
    case categoryExists(String)
    case categoryArchived(String)
    case currencyMismatch(account: String, accountCurrency: String, amountCurrency: String)
    case unbalanced(String)
    case zeroAmount
    case tooFewPostings
    case money(MoneyError)
    /// A balance (or, with `total`, the total of an account and those under it) would pass Int64.
    case balanceOverflow(account: String, total: Bool)
    /// A projection row holds a value no report can read (a REAL where minor units belong).
    case unreadableProjection(table: String, column: String)
    /// A stored event the projection fold refuses, at its log position (found by replay).
    case unfoldableEvent(position: Int64, reason: String)
    /// An event that may not follow the ledger's state (`EventAdmission`): the rule it breaks and what it named.
    case inadmissible(AdmissionRefusal)
    case date(DateError)
    case invalidText(field: String, reason: String)
    case invalidHue(Int)
    case unknownTransaction(String)
    /// Every posting of a transfer or transaction is on this one account: nothing moves.
    case sameAccount(String)
    /// A rename that would move an account of `type` out from under its top-level `root`.
    case rootChange(String, to: String, type: AccountType, root: String)
    case ambiguousTransaction(String, matches: Int)
    case transactionVoided(String)
    case nothingToChange
    /// An edit that does not fit the transaction's shape: `category`, `amount` or `accounts` on one with postings of its
    /// own, `category` on a transfer, `postings` on a simple one.
    case fieldNotEditable(String, kind: TransactionKind)
    case malformedEvent(type: String, reason: String)
    case unknownEventType(String, schemaVersion: Int64)
    case positionBeyondLog(Int64, last: Int64)
    case invalidPeriod(String)
    case nonPositiveAmount(field: String)
    case noBudget(String)
    case notAnExpenseCategory(String)
    case receiptWithoutTotal
    /// Another image of a receipt already imported: same merchant, date, total and time.
    case duplicateReceipt(transactionID: String)
    case invalidReceipt(String)
    /// A commodity that cannot be declared or priced as asked, and why.
    case invalidCommodity(String, reason: String)
    /// A price retraction that finds nothing standing to retract: none recorded for the pair on that
    /// day (`value` nil), or none at `value`; `inForce` is the day's price when one stands.
    case noPriceToRetract(commodity: String, quote: String, date: LocalDate, value: String?, inForce: String?)
    case unknownReceipt(String, isTransaction: Bool)
    /// Accepting a receipt that is not waiting for review: it was not flagged at import, or has been edited, accepted
    /// or voided since.
    case receiptNeedsNoReview(transactionID: String)

    public var description: String {
        switch self {
        case .ledgerNotInitialised:
            "the ledger has not been initialised"
        case .ledgerAlreadyInitialised:
            "the ledger is already initialised"
        case .invalidAccountName(let name, let reason):
            "invalid account name \"\(name)\": \(reason); write names like assets:bank:checking"
        case .accountTypeNotInferred(let name):
            "invalid account name \"\(name)\": its type cannot be inferred"
        case .unknownAccount(let name):
            "unknown account \"\(name)\""
        case .nothingToRead(let name, let guess):
            "no account \"\(name)\" and none under it" + (guess.map { "; the closest name is \($0)" } ?? "")
        case .accountExists(let name):
            "account \"\(name)\" already exists"
        case .accountClosed(let name):
            "account \"\(name)\" is closed; post to an open account instead"
        case .accountNotEmpty(let name, let balance):
            "account \"\(name)\" still holds \(balance); transfer it out before closing"
        case .categoryNotEmpty(let name, let balance):
            "\"\(name)\" holds \(balance) of history, which stays"
        case .wrongAccountType(let name, let type, let expected):
            "account \"\(name)\" is \(type.article) \(type.rawValue) account, but \(expected) is needed here"
        case .unknownCategory(let name):
            "unknown category \"\(name)\""
        case .rootIsNotACategory(let name):
            "\"\(name)\" is the top of a tree, not a category; name one under it, e.g. groceries for \(name):groceries"
        case .noIncomeInCurrency(let currency, _):
            "no income account holds \(currency), so nothing would count toward a \(currency) goal"
        case .categoryExists(let name):
            "category \"\(name)\" already exists"
        case .categoryArchived(let name):
            "category \"\(name)\" is archived; pick an active category"
        case .currencyMismatch(let account, let accountCurrency, let amountCurrency):
            "currency mismatch: account \"\(account)\" holds \(accountCurrency), not \(amountCurrency); use an account in \(amountCurrency)"
        case .unbalanced(let detail):
            "the postings do not balance: \(detail); every currency must sum to zero"
        case .zeroAmount:
            "the amount is zero; record a non-zero amount (negative for a refund)"
        case .tooFewPostings:
            "a transaction needs at least two postings"
        case .money(let error):
            error.description
        case .balanceOverflow(let account, let total):
            "this would take \(total ? "the total of \"\(account)\" and the accounts under it" : "the balance of \"\(account)\"") "
                + "beyond ±9223372036854775807 minor units (±92233720368547758.07 for a 2-decimal currency); record a smaller amount"
        case .unfoldableEvent(let position, let reason):
            "the event at log position \(position) cannot be replayed: \(reason)"
        case .inadmissible(let refusal):
            "the event breaks the ledger's rule \(refusal.rule.rawValue): \(refusal.detail)"
        case .unreadableProjection(let table, let column):
            "the projection table \(table) holds a \(column) that is not a whole number of minor units"
        case .date(let error):
            error.description
        case .invalidText(let field, let reason):
            "invalid \(field): \(reason)"
        case .invalidHue(let hue):
            "hue \(hue) is out of range; give a colour angle from 0 to 360"
        case .sameAccount(let name):
            "every posting is on \"\(name)\", so no money moves; a transfer or transaction needs two different accounts"
        case .rootChange(let name, let newName, let type, let root):
            "cannot rename \"\(name)\" to \"\(newName)\": it is \(type.article) \(type.rawValue) account and stays under \"\(root)\"; "
                + "keep the first part of the name"
        case .unknownTransaction(let id):
            "no transaction \"\(id)\""
        case .ambiguousTransaction(let prefix, let matches):
            "\"\(prefix)\" matches \(matches) transactions; type more of the id"
        case .transactionVoided(let id):
            "transaction \(id) is voided and cannot change; record a new transaction instead"
        case .nothingToChange:
            "nothing to change: the edit gives every field the value it already has"
        case .fieldNotEditable(let field, let kind):
            "the \(field) of \(kind.article) \(kind.rawValue) transaction cannot be edited"
        case .malformedEvent(let type, let reason):
            "malformed \(type) event: \(reason)"
        case .positionBeyondLog(let position, let last):
            "position \(position) is beyond the end of the log (the last event is at \(last))"
        case .invalidPeriod(let text):
            "invalid period \"\(text)\"; write a month as 2026-11 or an ISO week as 2026-W47"
        case .nonPositiveAmount(let field):
            "the \(field) must be more than zero"
        case .noBudget(let name):
            "category \"\(name)\" has no budget to clear"
        case .notAnExpenseCategory(let name):
            "\"\(name)\" is not an expense category; budgets apply to expense categories"
        case .receiptWithoutTotal:
            "no total could be read, so nothing was recorded"
        case .duplicateReceipt(let transactionID):
            "a receipt with the same merchant, date, total and time was imported as \(transactionID); nothing was recorded"
        case .unknownReceipt(let text, let isTransaction):
            isTransaction ? "transaction \"\(text)\" was not imported from a receipt" : "no receipt \"\(text)\""
        case .invalidReceipt(let reason):
            "invalid receipt scan: \(reason)"
        case .receiptNeedsNoReview(let transactionID):
            "the receipt of transaction \(transactionID) needs no review: it was not flagged, or was edited, accepted or voided since"
        case .invalidCommodity(let symbol, let reason):
            "commodity \"\(symbol)\" refused: \(reason)"
        case .noPriceToRetract(let commodity, let quote, let date, let value, let inForce):
            if let value, let inForce {
                "the price of \(commodity) on \(date) is \(inForce) \(quote), not \(value) \(quote); nothing was retracted"
            } else {
                "no price of \(commodity) in \(quote) is recorded for \(date); nothing was retracted"
            }
        case .unknownEventType(let type, let version):
            "unknown event \(type) v\(version): this ledger was written by a newer Kakeibo"
        }
    }
}

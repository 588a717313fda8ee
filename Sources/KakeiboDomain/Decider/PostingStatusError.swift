/// What the posting status and lock commands refuse (issue 32), with the data a front end words a
/// hint from. Descriptions are neutral: no command syntax.
public enum PostingStatusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An edit that changes a locked posting (its account, amount or date), or a void of its
    /// transaction, without being forced.
    case postingLocked(transactionID: String, account: String, date: LocalDate)
    /// Forced past a lock without saying why: the reason is what the log keeps of it.
    case forceNeedsReason
    /// A posting line the transaction does not have.
    case noSuchLine(transactionID: String, line: Int, count: Int)
    /// Locking a posting that is not cleared: only what a statement agreed with is locked.
    case lockingUncleared(transactionID: String, account: String)
    /// Changing the mark of a locked posting.
    case markOfLocked(transactionID: String, account: String)

    public var description: String {
        switch self {
        case let .postingLocked(id, account, date):
            "transaction \(id) has a locked posting on \(account) (\(date), reconciled with a statement); it cannot be changed or voided"
        case .forceNeedsReason:
            "changing a locked posting needs a reason, which the log keeps"
        case let .noSuchLine(id, line, count):
            "transaction \(id) has no posting \(line) (it has \(count), numbered from 0)"
        case let .lockingUncleared(id, account):
            "the posting on \(account) in transaction \(id) is not cleared; only cleared postings are locked"
        case let .markOfLocked(id, account):
            "the posting on \(account) in transaction \(id) is locked; its cleared mark stays"
        }
    }
}

import KakeiboDomain

extension ErrorMessage {
    /// Marks, locks and reconciliation (issue 32): the library's words, and the command that helps.
    static func postingStatus(_ error: PostingStatusError) -> ErrorMessage {
        let message = error.description
        switch error {
        case .postingLocked(let id, _, _):
            return ErrorMessage(message, hint: "if it must change, repeat with --force --reason TEXT (see `kakeibo history \(id.suffix(8))`)")
        case .forceNeedsReason:
            return ErrorMessage(message, hint: "add --reason TEXT")
        case .noSuchLine, .lockingUncleared:
            return ErrorMessage(message)
        case .markOfLocked(let id, _):
            return ErrorMessage(message, hint: "see `kakeibo history \(id.suffix(8))`")
        }
    }
}

import KakeiboLedger

/// Provable books' refusals (issue 34) as the CLI says them: which proof, which event, which hash.
extension ErrorMessage {
    static func proof(_ error: ProofError) -> ErrorMessage {
        switch error {
        case .sizeOutsideLog(let size, let head):
            return ErrorMessage("the log has \(head) events; there is no tree of size \(size) in it")
        case .rootMismatch(let size, let expected, let actual):
            return ErrorMessage("the log's tree of size \(size) has root \(actual.hex), not \(expected.hex): "
                                + "this log does not extend the one that checkpoint was taken of")
        case .headEventAltered(let position):
            return ErrorMessage("the newest event (position \(position)) does not hash to its stored chain hash: the log was altered",
                                hint: "run `kakeibo verify` to find the first bad position")
        }
    }

    static func proofCheck(_ refusal: ProofCheckRefusal) -> ErrorMessage {
        let file = refusal.file
        switch refusal.failure {
        case .notJSON(let reason):
            return ErrorMessage("\(file): not a proof: not JSON (\(reason))")
        case .unknownDocument:
            return ErrorMessage("\(file): not a proof: neither an inclusion proof (events) nor a consistency proof (oldSize)")
        case .malformed(let field, let reason):
            return ErrorMessage("\(file): not a proof: \(field) is \(reason)")
        case .noEvents:
            return ErrorMessage("\(file): proof fails: it proves no event (events is empty)")
        case .eventsOutOfOrder(let position):
            return ErrorMessage("\(file): proof fails: event at position \(position) is out of order (positions must rise)")
        case .envelopePosition(let position, let stated):
            return ErrorMessage("\(file): proof fails: event at position \(position): its envelope states position "
                                + (stated.map(String.init) ?? "none"))
        case .chainHash(let position, let stated, let computed):
            return ErrorMessage("\(file): proof fails: event at position \(position): SHA-256(previousHash, envelope, payload) is "
                                + "\(computed.hex), not its hash \(stated.hex)")
        case .badPath(let position, let problem):
            let why = switch problem {
            case .indexOutOfRange(_, let size): "it is past the tree's size \(size)"
            case .wrongPathLength(let expected, let got): "its path has \(got) hashes, where the tree needs \(expected)"
            default: "\(problem)"
            }
            return ErrorMessage("\(file): proof fails: event at position \(position): \(why)")
        case .inclusion(let position, let computed, let root):
            return ErrorMessage("\(file): proof fails: event at position \(position): its path leads to root \(computed.hex), not \(root.hex)")
        case .consistency(let oldSize, let size):
            return ErrorMessage("\(file): proof fails: the path does not show the tree of \(size) extends the tree of \(oldSize)")
        case .unexpectedRoot(let expectedSize, let expectedRoot, let size, let root):
            return ErrorMessage("\(file): proof fails: it is against the tree of \(size) with root \(root.hex), not \(expectedSize):\(expectedRoot.hex)")
        }
    }
}

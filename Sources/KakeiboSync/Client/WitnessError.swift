import KakeiboChain

/// Why a sync refused what the server showed as a witness (issue 34, part 5). Every case leaves the
/// ledger file as it was: the checks run before anything is pushed or pulled, or, after a sync, before
/// this device cosigns.
public enum WitnessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A tree head, as messages name it.
    public struct Head: Hashable, Sendable, CustomStringConvertible {
        public var size: UInt64
        public var root: String
        public init(_ checkpoint: Checkpoint) { size = checkpoint.size; root = checkpoint.root.hex }
        public var description: String { "\(size):\(root)" }
    }

    /// The server signed two checkpoints that cannot both hold: `seen` (by `seenBy`: this device, or another
    /// device's cosignature) and `shown` now. Both signed notes were kept in `evidence`.
    case forked(seen: Head, seenBy: String, shown: Head, verdict: Witness.Verdict, evidence: String)
    /// The checkpoint the server signed is not the tree of the events it served this device.
    case wrongRoot(signed: Head, local: Head, evidence: String)
    /// The checkpoint is not signed by the server key this file pinned (`pinned`), or not a checkpoint at all.
    case unsigned(pinned: String, detail: String)
    /// This file pinned a server key, and the server now serves no checkpoint.
    case noCheckpoint(pinned: String, status: Int)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .forked(let seen, let seenBy, let shown, let verdict, let evidence):
            let why: String
            switch verdict {
            case .differentRoot: why = "the same size with two roots"
            case .rolledBack: why = "the server now shows fewer events than it signed for before"
            case .unproven, .consistent: why = "the server cannot prove the newer extends the older"
            }
            return "the server forked this ledger's history: it signed checkpoint \(seen) (\(seenBy)) and now shows checkpoint \(shown) "
                + "(\(why)); nothing was changed; both signed checkpoints are kept in \(evidence)"
        case .wrongRoot(let signed, let local, let evidence):
            return "the server signed checkpoint \(signed), but the events it served make \(local); not cosigned; both kept in \(evidence)"
        case .unsigned(let pinned, let detail):
            return "the server's checkpoint is not signed by its key \(pinned) this file pinned (\(detail)); nothing was changed"
        case .noCheckpoint(let pinned, let status):
            return "the server serves no checkpoint (status \(status)), though it signed them before with \(pinned); nothing was changed"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}

import KakeiboDomain

/// Why a sync stopped. Every case leaves the local file as it was.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server refused a request: its status and its `{"error","detail"}`.
    case refused(status: Int, WireError)
    /// The local log and the server's differ at `position`: tampering, or a bug. Nothing to merge.
    case diverged(position: Int64, local: String, server: String)
    /// An event the server sent does not verify (its hash, its link, its bytes).
    case badServerEvent(position: Int64, reason: String)
    /// An event the server sequenced that this ledger's rules refuse where it stands (a server older than this
    /// one let it in): the sync stops there and the file stays as it was.
    case refusedServerEvent(position: Int64, LedgerError)
    /// The local file is some other ledger than the server's.
    case mismatch(String)
    case transport(String)
    /// Another sync of the same file held its lock for too long.
    case busy(String)
    /// Events were recorded in the file while the sync ran; `SyncClient` starts over so they are pushed too.
    case changedDuringSync(recorded: Int64)
    case badRemote(String)
    case malformedReply(String)
    /// The remote is not an http(s) URL with a host (the text as typed).
    case notARemote(String)
    /// The remote does not end in `/ledgers/NAME` (the text as typed).
    case remoteWithoutLedger(String)
    /// The token given is not a `kkb_…` device token.
    case notAToken
    /// Another sync of the same file held its lock for too long (`SyncLock`).
    case alreadySyncing(path: String)
    /// The local file's own log does not verify: it is not synced until it does.
    case unverifiableLog(position: Int64, reason: String)
    /// Edits recorded here (their transaction ids) clash with what the server's ledger changed meanwhile,
    /// and the device's token may only read, so the server cannot merge them.
    case clashesWithReadToken([String])

    public var description: String {
        switch self {
        case .refused(let status, let error):
            var text = "server refused the sync (\(status) \(error.error)): \(error.detail)"
            if error.error == "device-chain" {
                text += "; this file is an older copy of a device's ledger (restored from a backup?): its pending work is kept; enrol it as a new device with a new token to push it"
            }
            return text
        case .diverged(let position, let local, let server):
            return "diverged at position \(position) (local \(local), server \(server)); nothing was changed"
        case .badServerEvent(let position, let reason):
            return "diverged at position \(position): the server's event does not verify (\(reason)); nothing was changed"
        case .refusedServerEvent(let position, .inadmissible(let refusal)):
            return "the server's event at position \(position) breaks this ledger's rule \(refusal.rule.rawValue) (\(refusal.detail)), "
                + "so a server older than this client sequenced it; nothing was changed"
        case .refusedServerEvent(let position, let reason):
            return "the server's event at position \(position) cannot follow this ledger's events (\(reason)); nothing was changed"
        case .mismatch(let detail): return "\(detail); nothing was changed"
        case .transport(let detail): return "cannot reach the server: \(detail)"
        case .busy(let detail): return "\(detail); nothing was changed"
        case .changedDuringSync(let recorded):
            return "\(recorded) event\(recorded == 1 ? " was" : "s were") recorded in this file while it synced; they are kept, unsynced; sync again"
        case .badRemote(let detail): return detail
        case .malformedReply(let detail): return "the server's reply is not understood: \(detail)"
        case .notARemote(let text): return "the remote must look like http://HOST:PORT/ledgers/NAME, not \"\(text)\""
        case .remoteWithoutLedger(let text): return "the remote must end in /ledgers/NAME: \"\(text)\""
        case .notAToken: return "the token must be a kkb_… device token"
        case .alreadySyncing(let path): return "another sync of \(path) is still running; nothing was changed"
        case .unverifiableLog(let position, let reason):
            return "this file's log does not verify at position \(position) (\(reason)); nothing was changed"
        case .clashesWithReadToken(let ids):
            let one = ids.count == 1
            return "\(ids.count) edit\(one ? "" : "s") recorded here change\(one ? "s" : "") what the server's ledger changed meanwhile "
                + "(\(ids.sorted().joined(separator: ", "))), and this device's token may only read, so the server cannot merge "
                + "\(one ? "it" : "them"): sync with a write token; nothing was changed"
        }
    }
}

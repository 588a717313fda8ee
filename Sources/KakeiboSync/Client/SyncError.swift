/// Why a sync stopped. Every case leaves the local file as it was.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server refused a request: its status and its `{"error","detail"}`.
    case refused(status: Int, WireError)
    /// The local log and the server's differ at `position`: tampering, or a bug. Nothing to merge.
    case diverged(position: Int64, local: String, server: String)
    /// An event the server sent does not verify (its hash, its link, its bytes).
    case badServerEvent(position: Int64, reason: String)
    /// The local file is some other ledger than the server's.
    case mismatch(String)
    case transport(String)
    /// Another sync of the same file held its lock for too long.
    case busy(String)
    /// Events were recorded in the file while the sync ran; `SyncClient` starts over so they are pushed too.
    case changedDuringSync(recorded: Int64)
    case badRemote(String)
    case malformedReply(String)

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
        case .mismatch(let detail): return "\(detail); nothing was changed"
        case .transport(let detail): return "cannot reach the server: \(detail)"
        case .busy(let detail): return "\(detail); nothing was changed"
        case .changedDuringSync(let recorded):
            return "\(recorded) event\(recorded == 1 ? " was" : "s were") recorded in this file while it synced; they are kept, unsynced; sync again"
        case .badRemote(let detail): return detail
        case .malformedReply(let detail): return "the server's reply is not understood: \(detail)"
        }
    }
}

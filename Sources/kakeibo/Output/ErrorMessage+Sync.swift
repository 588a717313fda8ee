import KakeiboServer
import KakeiboSync

/// The household server's and sync's errors as the CLI says them. The libraries carry data (a code, the text
/// typed, a path, a position) in neutral words, because a phone or a browser meets the same errors; only here
/// do they name an option (`--remote`) or a command to run.
extension ErrorMessage {
    static func server(_ error: ServerError) -> ErrorMessage {
        let detail = error.body.detail
        switch error.body.error {
        case "no-ledger":
            return ErrorMessage(detail, hint: "run `kakeibo server init --ledger \(error.ledger ?? "NAME")` first")
        case "ambiguous":
            return ErrorMessage(detail, hint: "give --ledger")
        case "newer-schema":
            return ErrorMessage(detail, hint: "upgrade kakeibo to serve it")
        case "tampered":
            return ErrorMessage(detail, hint: "run `kakeibo server verify`")
        case "unsound-ledger":
            return ErrorMessage(detail, hint: Self.unsoundLedgerRepair)
        default:
            return ErrorMessage(detail)
        }
    }

    /// The way out of a server ledger whose log holds an event its rules refuse (`unsound-ledger`). The log is
    /// append-only, so the event cannot be taken out: a new ledger starts from the books of a device file that
    /// verifies (exported as a journal and imported into a new file, which its first sync uploads), and the other
    /// devices clone that ledger.
    static let unsoundLedgerRepair = "`kakeibo server verify --ledger NAME` names the event; to go on, `kakeibo server init --ledger NEW`, "
        + "then `kakeibo export journal` a device file that `kakeibo verify` passes, `kakeibo import journal` it into a new file, "
        + "sync that file to NEW, and clone NEW on the other devices"

    static func serverConfiguration(_ error: ServerConfigurationError) -> ErrorMessage {
        switch error {
        case .notAPostgresURL(let text):
            return ErrorMessage("--postgres must be a postgresql:// URL, not \"\(text)\"")
        case .notAListenAddress(let text):
            return ErrorMessage("--listen must be HOST:PORT, such as 127.0.0.1:8080, not \"\(text)\"")
        }
    }

    static func sync(_ error: SyncError) -> ErrorMessage {
        switch error {
        case .notARemote(let text):
            return ErrorMessage("--remote must look like http://HOST:PORT/ledgers/NAME, not \"\(text)\"")
        case .remoteWithoutLedger(let text):
            return ErrorMessage("--remote must end in /ledgers/NAME: \"\(text)\"")
        case .notAToken:
            return ErrorMessage("--token must be the kkb_… token `kakeibo server token` printed")
        case .alreadySyncing(let path):
            return ErrorMessage("another `kakeibo sync` of \(path) is still running; nothing was changed")
        case .unverifiableLog:
            return ErrorMessage(error.description, hint: "run `kakeibo verify`")
        case .clashesWithReadToken:
            return ErrorMessage(error.description, hint: "an admin issues one with `kakeibo server token … --scope write`")
        case .refused(_, let refusal) where refusal.error == "tampered":
            // The server's own log fails its check: the person who runs it can see where.
            return ErrorMessage(error.description, hint: "whoever runs the server can find where with `kakeibo server verify`")
        case .refused(_, let refusal) where refusal.error == "unsound-ledger":
            // The server's log holds an event sequenced before it checked events; it cannot take new ones.
            return ErrorMessage(error.description, hint: "whoever runs the server: " + Self.unsoundLedgerRepair)
        case .refused(_, let refusal) where refusal.error == "protocol":
            return ErrorMessage(error.description, hint: "upgrade kakeibo or the server so both speak the same protocol")
        default:
            return ErrorMessage(error.description)
        }
    }
}

import Foundation

/// `KAKEIBO_SERVE_FAULT=before-commit|after-commit`: the server process exits with 137 at that
/// point of a push, as if SIGKILLed there. Tests use it to show a retried push lands exactly once.
public enum FaultHook: String, Sendable {
    case beforeCommit = "before-commit"
    case afterCommit = "after-commit"

    static let armed: FaultHook? = ProcessInfo.processInfo.environment["KAKEIBO_SERVE_FAULT"].flatMap(FaultHook.init(rawValue:))

    public static func trigger(_ point: FaultHook) throws {
        if armed == point { _exit(137) }
    }
}

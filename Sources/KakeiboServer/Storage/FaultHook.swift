import Foundation

/// `KAKEIBO_SERVE_FAULT=before-commit|after-commit`: in a debug build, the server process exits
/// with 137 at that point of a push, as if SIGKILLed there. Tests use it (`ServerProcessTests`,
/// which run the debug binary) to show a retried push lands exactly once.
///
/// A release build compiles the points but not the exit, and never reads the variable: a
/// household's server cannot be made to die by its environment.
public enum FaultHook: String, Sendable {
    case beforeCommit = "before-commit"
    case afterCommit = "after-commit"

    #if DEBUG
    static let armed: FaultHook? = ProcessInfo.processInfo.environment["KAKEIBO_SERVE_FAULT"].flatMap(FaultHook.init(rawValue:))

    public static func trigger(_ point: FaultHook) throws {
        if armed == point { _exit(137) }
    }
    #else
    @inlinable
    public static func trigger(_ point: FaultHook) throws {}
    #endif
}

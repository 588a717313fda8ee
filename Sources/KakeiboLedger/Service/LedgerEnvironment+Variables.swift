import Foundation
import KakeiboDomain

extension LedgerEnvironment {
    /// An environment variable the ledger reads that holds something else: it is refused rather than ignored, so a
    /// scenario never runs on the real clock by mistake.
    public enum VariableError: Error, Equatable, CustomStringConvertible {
        case notATime(String)
        case notASeed(String)

        public var description: String {
            switch self {
            case .notATime(let text): "KAKEIBO_NOW=\(text) is neither Unix milliseconds nor a YYYY-MM-DD date"
            case .notASeed(let text): "KAKEIBO_SEED=\(text) is not an unsigned integer"
            }
        }
    }

    /// The live environment as `variables` adjust it; `KAKEIBO_NOW` (Unix ms or YYYY-MM-DD) fixes the clock, ticking
    /// 1 ms per reading, and `KAKEIBO_ACTOR` names who records, for tests and reproducible demos. With `KAKEIBO_NOW`,
    /// `KAKEIBO_SEED` (an unsigned integer) also fixes the ids' random bits, so a scenario's transcript
    /// (`Tests/Scenarios`) is the same on every run; give each process its own `KAKEIBO_NOW`, or two of them mint the
    /// same ids. Here rather than in the CLI, so every front end that opens a ledger reads them alike.
    public static func fromVariables(_ variables: [String: String]) throws(VariableError) -> LedgerEnvironment {
        var environment = LedgerEnvironment.live
        if let actor = variables["KAKEIBO_ACTOR"], !actor.isEmpty { environment.actor = actor }
        guard let text = variables["KAKEIBO_NOW"] else { return environment }
        let start: Int64
        if let milliseconds = Int64(text) {
            start = milliseconds
        } else if let date = try? LocalDate(iso: text) {
            start = Int64(date.daysSinceEpoch) * 86_400_000 + 12 * 3_600_000
        } else {
            throw .notATime(text)
        }
        var seed: UInt64?
        if let text = variables["KAKEIBO_SEED"] {
            guard let value = UInt64(text) else { throw .notASeed(text) }
            seed = value
        }
        let fixed = LedgerEnvironment.deterministic(startingAt: start, seed: seed ?? 1)
        environment.now = fixed.now
        if seed != nil { environment.makeID = fixed.makeID }
        return environment
    }

    /// The ledger file when none is named: `$KAKEIBO_DB`, else `~/.local/share/kakeibo/ledger.sqlite`.
    public static func defaultLedgerPath(_ variables: [String: String]) -> String {
        if let path = variables["KAKEIBO_DB"], !path.isEmpty { return path }
        let home = variables["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/kakeibo/ledger.sqlite"
    }
}

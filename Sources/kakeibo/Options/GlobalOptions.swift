import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboLedger

/// Options every command takes: which ledger file.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The ledger file (default: $KAKEIBO_DB, else ~/.local/share/kakeibo/ledger.sqlite).",
                                            valueName: "path"))
    var db: String?

    /// `--db ""` (an unset shell variable, typically) would otherwise be reported as "no ledger at ".
    func validate() throws {
        if db?.isEmpty == true { throw ValidationError("--db is empty; give the path of a ledger file") }
    }

    /// True when neither --db nor $KAKEIBO_DB names the ledger.
    var isDefaultPath: Bool {
        db == nil && (ProcessInfo.processInfo.environment["KAKEIBO_DB"] ?? "").isEmpty
    }

    var path: String {
        if let db { return db }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["KAKEIBO_DB"], !path.isEmpty { return path }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/kakeibo/ledger.sqlite"
    }

    func openLedger() throws -> Ledger {
        try Ledger.open(at: path, environment: .fromProcess())
    }
}

extension LedgerEnvironment {
    /// The live environment; `KAKEIBO_NOW` (Unix ms or YYYY-MM-DD) fixes the clock, ticking 1 ms per
    /// reading, and `KAKEIBO_ACTOR` names who records, for tests and reproducible demos. With
    /// `KAKEIBO_NOW`, `KAKEIBO_SEED` (an unsigned integer) also fixes the ids' random bits, so a
    /// scenario's transcript (`Tests/Scenarios`) is the same on every run; give each process its own
    /// `KAKEIBO_NOW`, or two of them mint the same ids.
    static func fromProcess() throws -> LedgerEnvironment {
        let variables = ProcessInfo.processInfo.environment
        var environment = LedgerEnvironment.live
        if let actor = variables["KAKEIBO_ACTOR"], !actor.isEmpty { environment.actor = actor }
        guard let text = variables["KAKEIBO_NOW"] else { return environment }
        let start: Int64
        if let milliseconds = Int64(text) {
            start = milliseconds
        } else if let date = try? LocalDate(iso: text) {
            start = Int64(date.daysSinceEpoch) * 86_400_000 + 12 * 3_600_000
        } else {
            throw CommandFailure("KAKEIBO_NOW=\(text) is neither Unix milliseconds nor a YYYY-MM-DD date")
        }
        var seed: UInt64?
        if let text = variables["KAKEIBO_SEED"] {
            guard let value = UInt64(text) else { throw CommandFailure("KAKEIBO_SEED=\(text) is not an unsigned integer") }
            seed = value
        }
        let fixed = LedgerEnvironment.deterministic(startingAt: start, seed: seed ?? 1)
        environment.now = fixed.now
        if seed != nil { environment.makeID = fixed.makeID }
        return environment
    }
}

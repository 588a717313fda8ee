import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboLedger

/// Options every command takes: which ledger file.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The ledger file (default: $KAKEIBO_DB, else ~/.local/share/kakeibo/ledger.sqlite).",
                                            valueName: "path"))
    var db: String?

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
    /// The live environment, with the test hooks `KAKEIBO_NOW` (Unix ms or YYYY-MM-DD, a clock
    /// that ticks 1 ms per reading) and `KAKEIBO_ID_SEED` (reproducible ids) when set.
    static func fromProcess() throws -> LedgerEnvironment {
        let variables = ProcessInfo.processInfo.environment
        var environment = LedgerEnvironment.live
        if let actor = variables["KAKEIBO_ACTOR"], !actor.isEmpty { environment.actor = actor }
        guard variables["KAKEIBO_NOW"] != nil || variables["KAKEIBO_ID_SEED"] != nil else { return environment }
        var now = environment.now()
        if let text = variables["KAKEIBO_NOW"] {
            if let milliseconds = Int64(text) {
                now = milliseconds
            } else if let date = try? LocalDate(iso: text) {
                now = Int64(date.daysSinceEpoch) * 86_400_000 + 12 * 3_600_000
            } else {
                throw CommandFailure("KAKEIBO_NOW=\(text) is neither Unix milliseconds nor a YYYY-MM-DD date")
            }
        }
        let seed = variables["KAKEIBO_ID_SEED"].flatMap(UInt64.init) ?? UInt64(truncatingIfNeeded: now)
        var deterministic = LedgerEnvironment.deterministic(startingAt: now, seed: seed, actor: environment.actor)
        if variables["KAKEIBO_ID_SEED"] == nil { deterministic.makeID = environment.makeID }
        if variables["KAKEIBO_NOW"] == nil { deterministic.now = environment.now }
        return deterministic
    }
}

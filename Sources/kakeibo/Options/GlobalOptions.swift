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

    var path: String { db ?? LedgerEnvironment.defaultLedgerPath(ProcessInfo.processInfo.environment) }

    func openLedger() throws -> Ledger {
        if let open = Self.alreadyOpen, open.path == path { return open.ledger }
        return try Ledger.open(at: path, environment: .fromProcess())
    }

    /// A ledger this process has open, handed to every command that names its path, instead of opening the file
    /// again. Only the command-line fuzzer sets it (nil in the program): it runs thousands of commands a second
    /// against one ledger, and an open costs 1.9 ms (release), more than parsing and recording together (issue 29).
    nonisolated(unsafe) static var alreadyOpen: (path: String, ledger: Ledger)?
}

extension LedgerEnvironment {
    /// The live environment as this process's variables adjust it (`KAKEIBO_NOW`, `KAKEIBO_SEED`, `KAKEIBO_ACTOR`).
    static func fromProcess() throws -> LedgerEnvironment { try fromVariables(ProcessInfo.processInfo.environment) }
}

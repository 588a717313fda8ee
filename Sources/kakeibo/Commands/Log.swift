import ArgumentParser
import KakeiboDomain
import KakeiboReports

struct Log: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(abstract: "The event log itself, in order.")
    @OptionGroup var common: CommonOptions
    @Option(help: "First position to show.") var from: Int64 = 1
    @Option(help: "How many events to show at most.") var limit: Int = 1000

    func run() throws {
        let ledger = try global.openLedger()
        print(EventEnvelope.text(try ledger.events(from: max(from, 1), limit: max(limit, 0)), output.format,
                                 accountNames: output.format == .table ? try ledger.accountNamesByID() : [:]))
    }
}

import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

/// Commodities outside the ISO table (`BTC`, `VTI`) and the market prices the ledger holds.
struct CommodityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commodity", abstract: "Declare a commodity outside the ISO table, and list market prices.",
        subcommands: [Declare.self, Prices.self])

    struct Declare: RecordingCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Declare a commodity (BTC, VTI) and how many decimals its amounts have; once, as they are stored so.")
        @OptionGroup var common: CommonOptions
        @Argument(help: "The symbol: letters, digits, _ or ., starting with a letter.") var symbol: String
        @Option(help: "Decimals of its smallest unit, 0 to 12 (BTC: 8).") var precision: Int

        func record(on ledger: Ledger) throws -> RecordResult {
            let commodity: Commodity
            do { commodity = try Commodity(symbol: symbol, minorDigits: precision) } catch {
                throw LedgerError.invalidCommodity(symbol, reason: error.description)
            }
            return try ledger.record(.declareCommodity(commodity, display: nil))
        }
    }

    struct Prices: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Market prices, one per date and pair (the later recorded wins).")
        @OptionGroup var common: CommonOptions

        func run() throws {
            print(MarketPrice.text(try global.openLedger().prices(), output.format))
        }
    }
}

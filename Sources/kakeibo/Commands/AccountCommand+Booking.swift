import ArgumentParser
import KakeiboDomain
import KakeiboLedger

extension BookingMethod: ExpressibleByArgument {}

extension AccountCommand {
    /// `kakeibo account booking assets:brokerage lifo [--gains income:gains]`: how later sales pick
    /// their lots (issue 36); refused while the account holds open lots.
    struct Booking: RecordingCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set how sales from an account pick their lots: fifo, lifo or average.",
            discussion: "Refused while the account holds open lots. Example: kakeibo account booking assets:brokerage lifo")
        @OptionGroup var common: CommonOptions
        @Argument var name: String
        @Argument(help: "fifo, lifo or average.") var method: BookingMethod
        @Option(help: ArgumentHelp("Where realised gains go (default: income:capital-gains).", valueName: "account"))
        var gains: String?

        func record(on ledger: Ledger) throws -> RecordResult {
            try ledger.record(.setBooking(account: name, booking: LotBooking(method: method, gainsAccount: gains)))
        }
    }
}

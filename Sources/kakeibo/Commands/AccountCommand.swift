import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Open, close, rename and list accounts.",
        subcommands: [Open.self, Close.self, Rename.self, Retype.self, Booking.self, List.self])

    struct Open: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Open an account, e.g. assets:bank:checking.")
        @OptionGroup var common: CommonOptions
        @Argument(help: "Hierarchical name, parts separated by ':'.") var name: String
        @Option(help: "asset, liability, equity, income or expense (inferred from the first part when omitted).")
        var type: AccountType?
        @Option(help: "The account's currency or declared commodity (default: the ledger's).") var currency: String?
        @Flag(name: .customLong("any-commodity"),
              help: "Let an asset or liability account hold several commodities (a brokerage account).")
        var anyCommodity = false
        @Option(help: "How sales pick lots: fifo (default), lifo or average (issue 36).") var booking: BookingMethod?
        @Option(help: ArgumentHelp("Where realised gains go (default: income:capital-gains).", valueName: "account"))
        var gains: String?

        func run() throws {
            let ledger = try global.openLedger()
            let currency = try self.currency.map { try ledger.commodityArgument($0) }
            var commands: [LedgerCommand] = [anyCommodity ? .openAccountForAnyCommodity(name: name, type: type, currency: currency)
                                                          : .openAccount(name: name, type: type, currency: currency)]
            // FIFO into income:capital-gains is every account's booking already: `--booking fifo` alone
            // sets nothing (setting it again is refused as no change). One batch: opened with its
            // booking, or not at all.
            if (booking ?? .fifo) != .fifo || gains != nil {
                commands.append(.setBooking(account: name, booking: LotBooking(method: booking ?? .fifo, gainsAccount: gains)))
            }
            let results = try ledger.record(batch: commands)
            Printer.recorded(results[results.count - 1], format: output.format, note: "opened \(name)")
        }
    }

    struct Close: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Close an account with a zero balance.")
        @OptionGroup var common: CommonOptions
        @Argument var name: String

        func run() throws {
            let result = try global.openLedger().record(.closeAccount(name: name))
            Printer.recorded(result, format: output.format, note: "closed \(name)")
        }
    }

    struct Rename: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "Rename an account; its history follows it.")
        @OptionGroup var common: CommonOptions
        @Argument var name: String
        @Argument var newName: String

        func run() throws {
            let result = try global.openLedger().record(.renameAccount(name: name, newName: newName))
            Printer.recorded(result, format: output.format, note: "renamed \(name) to \(newName)")
        }
    }

    struct Retype: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give an account another type, e.g. one a journal import left unclassified.")
        @OptionGroup var common: CommonOptions
        @Argument var name: String
        @Argument(help: "asset, liability, equity, income or expense.") var type: AccountType

        func run() throws {
            let result = try global.openLedger().record(.retypeAccount(name: name, type: type))
            Printer.recorded(result, format: output.format, note: "\(name) is now \(type.article) \(type.rawValue) account")
        }
    }

    struct List: ParsableCommand, CommonCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts with their balances.")
        @OptionGroup var common: CommonOptions
        @OptionGroup var scope: ScopeOptions

        func run() throws {
            print(AccountListing.text(try global.openLedger().accounts(scope.scope), output.format, categoriesOnly: false))
        }
    }
}

import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger

struct ImportJournal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Import an hledger/ledger journal: all of it or, on any error, nothing.",
        discussion: """
            Accounts are opened as needed (type from the top-level name or an `account NAME  ; type: A` \
            directive; currency from the first posting). Importing the same file again appends nothing; \
            a file that extends one imported before appends only the new transactions. Transactions an \
            earlier import of the file recorded that it no longer holds (corrected or deleted) refuse the \
            import; --replace voids them.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: ArgumentHelp("The journal file.", valueName: "file")) var file: String
    @Flag(help: "Void the transactions an earlier import of this journal recorded that it no longer contains.")
    var replace = false

    func run() throws {
        let ledger = try global.openLedger()
        // On a terminal, a bar while the new transactions are recorded; nothing more in a pipe or a file.
        let progress = Terminal.progress("import", unit: "transactions")
        let report = try JournalImporter.importJournal(path: file, currentYear: try ledger.today().year, into: ledger, replace: replace) {
            progress(Int64($0), Int64($1))
        }
        // One warning for every account the journal could not type, on stderr whatever the format.
        if let warning = report.unclassifiedWarning {
            FileHandle.standardError.write(Data((Terminal.safe(warning) + "\n").utf8))
        }
        switch output.format {
        case .json:
            Printer.json([
                "files": .array(report.files.map(JSONValue.string)),
                "transactions": .int(Int64(report.transactions)),
                "appended": .int(Int64(report.appended)),
                "alreadyRecorded": .int(Int64(report.alreadyRecorded)),
                "accountsOpened": .array(report.accountsOpened.map { account in
                    ["name": .string(account.name.rawValue), "type": .string(account.type.rawValue),
                     "currency": .string(account.currency.code)]
                }),
                "prices": .array(report.prices.map { price in
                    ["date": .string(price.date.description), "commodity": .string(price.commodity), "price": .string(price.price),
                     "source": .string(price.location.fileAndLine)]
                }),
                "pricesAppended": .int(Int64(report.pricesAppended)),
                "commoditiesDeclared": .array(report.commoditiesDeclared.map(JSONValue.string)),
                "roundedConversions": .array(report.roundedConversions.map { rounded in
                    ["source": .string(rounded.location.description), "weight": .string(rounded.weight.description),
                     "residual": .string("\(rounded.residual) \(rounded.weight.currency.code)")]
                }),
                "unclassified": .array(report.unclassified.map { .string($0.rawValue) }),
                "budgetsSet": .array(report.budgetsSet.map(JSONValue.string)),
                "forecastRulesKept": .array(report.forecastRulesKept.map(JSONValue.string)),
                "assertionsChecked": .int(Int64(report.assertionsChecked)),
                "voided": .int(Int64(report.voided)),
                "position": .int(report.position),
            ])
        case .csv:
            print(CSVWriter.render(header: ["transactions", "appended", "already_recorded", "accounts_opened", "prices", "position"],
                                   rows: [[String(report.transactions), String(report.appended), String(report.alreadyRecorded),
                                           String(report.accountsOpened.count), String(report.prices.count), String(report.position)]]))
        case .table:
            print(Terminal.safe("imported \(file): \(Terminal.count(report.appended, "transaction")) appended, "
                                + "\(report.alreadyRecorded) already recorded, "
                                + "\(Terminal.count(report.assertionsChecked, "balance assertion")) checked"
                                + (report.voided > 0 ? ", \(Terminal.count(report.voided, "transaction")) no longer in the file voided" : "")))
            if !report.accountsOpened.isEmpty {
                var table = TextTable([("opened account", .left), ("type", .left), ("currency", .left)])
                for account in report.accountsOpened {
                    table.add([account.name.rawValue, account.type.rawValue, account.currency.code])
                }
                print(table.render())
            }
            if !report.commoditiesDeclared.isEmpty {
                print(Terminal.safe("declared \(report.commoditiesDeclared.count == 1 ? "commodity" : "commodities"): "
                                    + report.commoditiesDeclared.joined(separator: ", ")))
            }
            if !report.prices.isEmpty {
                print("\(Terminal.count(report.pricesAppended, "price")) appended, \(report.prices.count - report.pricesAppended) already recorded")
            }
            if let summary = report.periodicSummary { print(Terminal.safe(summary)) }
            for rounded in report.roundedConversions {
                // hledger #2041: the weight is kept to the minor unit; the rest is within half of one.
                print(Terminal.safe("\(rounded.location.fileAndLine): conversion weight rounded to \(rounded.weight), "
                                    + "residual \(rounded.residual) \(rounded.weight.currency.code) (within half a minor unit)"))
            }
        }
    }
}

import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo transfers match [--days N] [--yes]` (issue 32, part 2).
struct TransfersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transfers",
        abstract: "Payments between your own accounts.",
        subcommands: [TransfersMatch.self])
}

/// Proposes the pairs, and with `--yes` records each as one transfer.
struct TransfersMatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Find payments recorded twice, once from each account's statement, and record each once as a transfer.",
        discussion: """
            A debit on one asset or liability account and a credit of the same amount on another, within --days of each \
            other, each recorded against a category (expenses:unknown, income:unknown…), are one payment seen from both \
            ends: the checking account paying the card. Without --yes the pairs are listed and nothing is recorded; with it, \
            each pair becomes one transfer and the two originals are voided with a reason (both stay in the log and history).
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Option(help: ArgumentHelp("How many days apart the two sides may be.", valueName: "N")) var days = 4
    @Flag(help: "Record the proposed pairs as transfers.") var yes = false

    func validate() throws {
        guard (0...366).contains(days) else { throw ValidationError("--days must be 0 to 366") }
    }

    func run() throws {
        let ledger = try global.openLedger()
        let pairs = try ledger.proposedTransfers(TransferMatcher(days: days))
        let recorded = yes ? try ledger.recordTransfers(pairs) : []
        switch output.format {
        case .json:
            Printer.json(.array(pairs.enumerated().map { index, pair in
                var object: [String: JSONValue] = [
                    "amount": .string(pair.amount.decimalString), "currency": .string(pair.amount.currency.code),
                    "from": side(pair.outgoing), "to": side(pair.incoming)]
                if index < recorded.count, let id = recorded[index].first?.transactionID { object["transfer"] = .string(id) }
                return .object(object)
            }))
        case .csv:
            print(CSVWriter.render(header: ["date", "from", "from_id", "to_date", "to", "to_id", "amount", "currency", "transfer"],
                                   rows: pairs.enumerated().map { index, pair in
                [pair.outgoing.date.description, pair.outgoing.account.rawValue, pair.outgoing.transactionID, pair.incoming.date.description,
                 pair.incoming.account.rawValue, pair.incoming.transactionID, pair.amount.decimalString, pair.amount.currency.code,
                 index < recorded.count ? recorded[index].first?.transactionID ?? "" : ""]
            }))
        case .table:
            guard !pairs.isEmpty else { print("no payments between your accounts are recorded twice"); return }
            var table = TextTable([("date", .left), ("from", .left), ("id", .left), ("to", .left), ("id", .left), ("amount", .right),
                                   ("payee", .left)] + (yes ? [("transfer", .left)] : []))
            for (index, pair) in pairs.enumerated() {
                let dates = pair.daysApart == 0 ? pair.outgoing.date.description : "\(pair.outgoing.date)…\(pair.incoming.date.description.suffix(5))"
                table.add([dates, pair.outgoing.account.rawValue, String(pair.outgoing.transactionID.suffix(8)), pair.incoming.account.rawValue,
                           String(pair.incoming.transactionID.suffix(8)), pair.amount.description,
                           String((pair.outgoing.payee ?? pair.incoming.payee ?? "").prefix(24))]
                          + (yes ? [String((recorded[index].first?.transactionID ?? "").suffix(8))] : []))
            }
            print(Terminal.safe(table.render()))
            if !yes { Terminal.printNote("\(pairs.count) pair\(pairs.count == 1 ? "" : "s") found; nothing recorded. Repeat with --yes to record each as one transfer") }
            else { Terminal.printNote("recorded \(pairs.count) transfer\(pairs.count == 1 ? "" : "s"); the originals are voided with a reason") }
        }
    }

    private func side(_ side: TransferSide) -> JSONValue {
        ["id": .string(side.transactionID), "date": .string(side.date.description), "account": .string(side.account.rawValue),
         "category": .string(side.counterAccount.rawValue), "payee": side.payee.map(JSONValue.string) ?? .null]
    }
}

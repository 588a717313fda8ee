import KakeiboDomain
import KakeiboLedger

/// How exports write lots (issue 36). hledger 1.25 reads braces and ignores them, so a lot's
/// posting keeps the `@`/`@@` hledger weighs it by, and a sale is written one line per lot it
/// took, each at that lot's basis (`-10 VTI {$210.00} @@ $2100.00`): hledger balances it with the
/// gains posting, and `import journal` takes the same lots again. beancount weighs a lot posting
/// at its cost, so there each line names its lot by cost and date and carries no price.
enum LotExportSyntax {
    /// ` {$210.00}` / ` {{$2400.00}}` before an acquisition's `@`.
    static func journalBraces(_ cost: PostingCost, format: (String, Commodity) -> String) -> String {
        cost.per == .unit ? " {\(format(cost.value.description, cost.commodity))}" : " {{\(format(cost.value.description, cost.commodity))}}"
    }

    /// A sale's lines, one per lot taken.
    static func journalSale(_ takes: [LotExport.Take], account: String, memo: String?,
                            format: (String, Commodity) -> String) -> String {
        var out = ""
        for take in takes {
            out += "    \(account)  \(format("-" + take.units.decimalString, take.units.currency))"
                + " {\(format(take.lot.unitCost.description, take.lot.costCommodity))}"
                + " @@ \(format(take.basis.decimalString, take.basis.currency))"
            // The lot's date and label, which hledger 1.25's braces cannot hold, go in the comment;
            // a line read back from an export already says them, and says them once.
            let acquired = "lot acquired \(take.lot.acquiredOn)\(take.lot.label.map { ", \($0)" } ?? "")"
            switch memo {
            case let memo? where memo.hasPrefix(acquired): out += "  ; " + memo
            case let memo?: out += "  ; \(acquired), \(memo)"
            case nil: out += "  ; " + acquired
            }
            out += "\n"
        }
        return out
    }

    /// `{210.00 USD, 2026-01-05, "lot-a"}`: a lot as beancount names it.
    static func beancountCost(_ lot: Lot) -> String {
        "{\(lot.unitCost) \(lot.costCommodity.code), \(lot.acquiredOn)\(lot.label.map { ", " + BeancountExporter.quoted($0) } ?? "")}"
    }

    static func beancountSale(_ takes: [LotExport.Take], account: String) -> String {
        takes.map { "  \(account)  -\($0.units.decimalString) \($0.units.currency.code) \(beancountCost($0.lot))\n" }.joined()
    }
}

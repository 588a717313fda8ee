import GRDB
import KakeiboDomain

extension Ledger {
    /// Each commodity's display precision (issue 36), for reports to round what they show: the
    /// decimals of the display style it was declared with (a journal's `commodity $1,000.00`, or
    /// its amounts' most decimals, which the importer writes as the style), when those are fewer
    /// than it is stored with: `commodity $1,000.0` shows dollars with one decimal, as hledger does
    /// (precision-06 of its tests). Without a style, amounts show at their stored precision. Styles
    /// written before this were at the table's or the stored precision, so those ledgers show as before.
    ///
    /// Read from `commodities` (symbol, digits, display): a handful of rows, no migration needed.
    public func displayPrecision() throws -> DisplayPrecision {
        try writer.read { db in
            var digits: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT symbol, digits, display FROM commodities WHERE display IS NOT NULL") {
                let code: String = row[0], stored: Int = row[1], display: String = row[2]
                guard let shown = DisplayPrecision.decimals(inSample: display) else { continue }
                if shown < stored { digits[code] = shown }
            }
            return DisplayPrecision(digits: digits)
        }
    }
}

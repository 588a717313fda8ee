import GRDB
import KakeiboDomain

extension Ledger {
    /// Each commodity's display precision (issue 36), for reports to round what they show: the
    /// decimals of the display style it was declared with (a journal's `commodity $1,000.00`, or
    /// its amounts' most decimals, which the importer writes as the style), when those are fewer
    /// than it is stored with. An ISO currency never shows fewer than its table's decimals, so a
    /// journal whose first dollar amount is `$5` still shows cents. Without a style, or for a
    /// ledger whose styles predate this, amounts show at their stored precision, as before.
    ///
    /// Read from `commodities` (symbol, digits, display): a handful of rows, no migration needed.
    public func displayPrecision() throws -> DisplayPrecision {
        try writer.read { db in
            var digits: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT symbol, digits, display FROM commodities WHERE display IS NOT NULL") {
                let code: String = row[0], stored: Int = row[1], display: String = row[2]
                guard var shown = DisplayPrecision.decimals(inSample: display) else { continue }
                if let table = (try? Commodity(code: code)).flatMap({ $0.code == code ? $0.minorDigits : nil }) {
                    shown = max(shown, table)
                }
                if shown < stored { digits[code] = shown }
            }
            return DisplayPrecision(digits: digits)
        }
    }
}

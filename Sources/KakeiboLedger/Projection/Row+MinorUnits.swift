import GRDB
import KakeiboDomain

extension Row {
    /// An amount column read as Int64 minor units, or a `LedgerError` when it holds anything
    /// else. GRDB's subscript traps (`try!`) on a value it cannot convert, such as the REAL an
    /// overflowing SQL sum leaves behind; a report must fail with one line instead.
    func minorUnits(atIndex index: Int, table: String, column: String = "amount") throws -> Int64 {
        guard case .int64(let value) = (self[index] as DatabaseValue).storage else {
            throw LedgerError.unreadableProjection(table: table, column: column)
        }
        return value
    }
}

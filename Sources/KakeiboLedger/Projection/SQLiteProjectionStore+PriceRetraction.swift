import GRDB
import KakeiboDomain

// Price retraction (issue 29, N17) in the `price_recordings` table of Migrations/0025_price_recordings.sql.

extension SQLiteProjectionStore {
    func priceRecordings(of commodity: Commodity, in quote: Commodity, on date: LocalDate) throws -> [PriceRecording]? {
        try recordings(commodity.code, quote.code, date).map { PriceRecording(value: $0.value, isRetracted: $0.retracted) }
    }

    /// Marks the day's latest standing recording of the value retracted, then sets `prices` to the
    /// latest recording still standing, or deletes the day's row when none does. A retraction that
    /// finds nothing standing (a second one, from another device) changes nothing.
    func retractPrice(_ retraction: LedgerEvent.PriceRetracted, at position: Int64) throws {
        let (commodity, quote, date) = (retraction.commodity.code, retraction.quote.code, retraction.date)
        let day = try recordings(commodity, quote, date)
        guard let taken = day.last(where: { !$0.retracted && PriceRecording.sameValue($0.value, retraction.value) }) else { return }
        try db.cachedStatement(sql: "UPDATE price_recordings SET retracted_at = ? WHERE position = ?")
            .execute(arguments: [position, taken.position])
        if let standing = day.last(where: { !$0.retracted && $0.position != taken.position }) {
            try db.cachedStatement(sql: "UPDATE prices SET value = ?, position = ? WHERE commodity = ? AND quote = ? AND date = ?")
                .execute(arguments: [standing.text, standing.position, commodity, quote, date.description])
        } else {
            try db.cachedStatement(sql: "DELETE FROM prices WHERE commodity = ? AND quote = ? AND date = ?")
                .execute(arguments: [commodity, quote, date.description])
        }
    }

    /// The day's recordings of the pair, oldest first.
    private func recordings(_ commodity: String, _ quote: String, _ date: LocalDate)
        throws -> [(position: Int64, text: String, value: ExactDecimal, retracted: Bool)] {
        let sql = """
            SELECT position, value, retracted_at IS NOT NULL FROM price_recordings
            WHERE commodity = ? AND quote = ? AND date = ? ORDER BY position
            """
        var day: [(position: Int64, text: String, value: ExactDecimal, retracted: Bool)] = []
        for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [commodity, quote, date.description]) {
            let text: String = row[1]
            let value: ExactDecimal
            do { value = try ExactDecimal(parsing: text) } catch { throw LedgerError.money(error) }
            day.append((row[0], text, value, row[2]))
        }
        return day
    }
}

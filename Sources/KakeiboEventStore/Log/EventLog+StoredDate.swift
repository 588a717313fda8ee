import KakeiboDomain

extension EventLog {
    /// An envelope's stored `occurred_on`, read strictly (`LocalDate(stored:)`): the chain hashes
    /// the date as it re-encodes, so a lenient read would let the stored text be rewritten
    /// (`2026/01/05` for `2026-01-05`) without the hash noticing. Every reader of stored rows
    /// goes through here, so verification and replay refuse such a row at its position.
    static func storedDate(_ text: String?, at position: Int64) throws(EventStoreError) -> LocalDate? {
        guard let text else { return nil }
        do {
            return try LocalDate(stored: text)
        } catch {
            throw .unreadableEvent(position: position, reason: "occurredOn \"\(text)\" is not a date in its stored form YYYY-MM-DD")
        }
    }
}

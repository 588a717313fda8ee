import GRDB
import KakeiboDomain
import KakeiboEventStore

/// The audit trail of one commodity's prices (issue 29, N17): every `PriceRecorded` and `PriceRetracted` of it, with
/// who, when, from where, and the day's price before and after, as `history` shows a transaction's.
public struct PriceHistory: Hashable, Sendable {
    public var commodity: String
    /// One change per event: the field names the day and quote (`2026-03-22 in USD`).
    public var entries: [TransactionHistory.Entry]
}

extension Ledger {
    /// Reads the prices stream (prices only, never the whole log) and refolds the days' recordings in log order,
    /// as the projector does, so each entry's before and after are the day's price in force around the event.
    public func priceHistory(of commodity: Commodity) throws -> PriceHistory {
        try writer.read { db in
            struct Day: Hashable { var quote: String, date: LocalDate }
            var days: [Day: [(value: ExactDecimal, retracted: Bool)]] = [:]
            func inForce(_ day: Day) -> String? { days[day]?.last { !$0.retracted }.map { "\($0.value) \(day.quote)" } }
            var entries: [TransactionHistory.Entry] = []
            for envelope in try EventLog.events(inStream: LedgerEvent.pricesStream, in: db).sorted(by: { $0.position < $1.position }) {
                let day: Day, reason: String?
                let before: String?
                switch try envelope.event() {
                case .priceRecorded(let e) where e.commodity.code == commodity.code:
                    day = Day(quote: e.quote.code, date: e.date)
                    before = inForce(day)
                    days[day, default: []].append((e.value, false))
                    reason = nil
                case .priceRetracted(let e) where e.commodity.code == commodity.code:
                    day = Day(quote: e.quote.code, date: e.date)
                    before = inForce(day)
                    if let taken = days[day]?.lastIndex(where: { !$0.retracted && PriceRecording.sameValue($0.value, e.value) }) {
                        days[day]?[taken].retracted = true
                    }
                    reason = e.reason
                default:
                    continue
                }
                entries.append(.init(position: envelope.position, type: envelope.type, recordedAt: envelope.recordedAt, actor: envelope.actor,
                                     source: envelope.source, provenance: envelope.provenance, reason: reason,
                                     changes: [.init(field: "\(day.date) in \(day.quote)", before: before, after: inForce(day) ?? "(none)")],
                                     hash: EventHasher.hex(try EventLog.hash(at: envelope.position, in: db) ?? [])))
            }
            return PriceHistory(commodity: commodity.code, entries: entries)
        }
    }
}

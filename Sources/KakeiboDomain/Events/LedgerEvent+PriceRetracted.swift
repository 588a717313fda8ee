extension LedgerEvent {
    /// A recorded market price taken back (issue 29, N17): a typo'd `P` line deleted from a journal
    /// and imported again with `--replace`, or `price EUR --retract` typed by hand. Like a void it
    /// appends, never deletes: the `PriceRecorded` stays in the log and in `history`, and the price
    /// in force on `date` falls back to the one recorded before it for that day (or to none, so
    /// valuation uses the latest earlier date's price, as hledger does once the `P` line is gone).
    ///
    /// It names the price by its content, not by a log position: positions differ between the
    /// devices of a household, the pair, date and value do not. It retracts the latest recording
    /// of that value still standing; a second retraction of one price (two devices, while apart)
    /// is admitted and changes nothing, as a second void does.
    public struct PriceRetracted: Hashable, Sendable {
        public var date: LocalDate
        public var commodity: Commodity
        /// The value retracted, as it was recorded (`1.08`): which of the day's recordings goes.
        public var value: ExactDecimal
        public var quote: Commodity
        /// Why; shown in the history, as a void's.
        public var reason: String?
        public init(date: LocalDate, commodity: Commodity, value: ExactDecimal, quote: Commodity, reason: String?) {
            self.date = date; self.commodity = commodity; self.value = value; self.quote = quote; self.reason = reason
        }
    }
}

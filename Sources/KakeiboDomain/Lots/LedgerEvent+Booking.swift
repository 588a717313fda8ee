extension LedgerEvent {
    /// `account open … --booking lifo` or `account booking …`: how later disposals from the
    /// account pick their lots, and where their realised gains go (issue 36).
    public struct AccountBookingSet: Hashable, Sendable {
        public var accountID: String
        public var booking: LotBooking
        public init(accountID: String, booking: LotBooking) {
            self.accountID = accountID; self.booking = booking
        }

        var json: JSONValue {
            var fields: [String: JSONValue] = ["account": .string(accountID), "method": .string(booking.method.rawValue)]
            if let gains = booking.gainsAccount { fields["gainsAccount"] = .string(gains) }
            return .object(fields)
        }

        init(json p: JSONValue) throws {
            let text = try p.string("method")
            guard let method = BookingMethod(rawValue: text) else {
                throw LedgerError.malformedEvent(type: "AccountBookingSet", reason: "unknown booking method \(text)")
            }
            self.init(accountID: try p.string("account"), booking: LotBooking(method: method, gainsAccount: try p.optionalString("gainsAccount")))
        }
    }
}

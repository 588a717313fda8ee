// The `lot` field of a posting's payload: present only on lot postings, so every other
// posting keeps its bytes and every hash in the chain.

extension PostingLot {
    var json: JSONValue {
        var fields: [String: JSONValue] = ["role": .string(role.rawValue)]
        if let date { fields["date"] = .string(date.description) }
        if let label { fields["label"] = .string(label) }
        if let selectedCost { fields["selectedCost"] = selectedCost.lotJSON }
        if let price { fields["price"] = price.lotJSON }
        if let booking { fields["booking"] = .string(booking.rawValue) }
        if !taken.isEmpty {
            fields["taken"] = .array(taken.map { take in
                ["lot": .string(take.lotID), "units": .int(take.units), "basis": .int(take.basis), "gain": .int(take.gain)]
            })
        }
        return .object(fields)
    }

    init(json p: JSONValue) throws(LedgerError) {
        do {
            guard let role = Role(rawValue: try p.string("role")) else {
                throw LedgerError.malformedEvent(type: "Posting", reason: "unknown lot role")
            }
            var booking: BookingMethod?
            if let text = try p.optionalString("booking") {
                guard let method = BookingMethod(rawValue: text) else {
                    throw LedgerError.malformedEvent(type: "Posting", reason: "unknown booking method \(text)")
                }
                booking = method
            }
            let taken: [LotTaken]
            if let items = p["taken"], items != .null {
                taken = try p.array("taken").map { item in
                    LotTaken(lotID: try item.string("lot"), units: try item.int("units"), basis: try item.int("basis"),
                             gain: try item.int("gain"))
                }
            } else {
                taken = []
            }
            self.init(role: role, date: try p.optionalString("date").map { text in try LocalDate(iso: text) },
                      label: try p.optionalString("label"), selectedCost: try PostingCost(lotJSON: p["selectedCost"]),
                      price: try PostingCost(lotJSON: p["price"]), booking: booking, taken: taken)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw .malformedEvent(type: "Posting", reason: "\(error)")
        }
    }
}

extension PostingCost {
    var lotJSON: JSONValue {
        .object(["per": .string(per.rawValue), "value": .string(value.description), "commodity": .string(commodity.code),
                 "digits": .int(Int64(commodity.minorDigits))])
    }

    init?(lotJSON: JSONValue?) throws {
        guard let c = lotJSON, c != .null else { return nil }
        guard let per = Per(rawValue: try c.string("per")) else {
            throw LedgerError.malformedEvent(type: "Posting", reason: "unknown cost kind")
        }
        self.init(per: per, value: try ExactDecimal(parsing: c.string("value")),
                  commodity: try Commodity(code: c.string("commodity"), digits: Int(try c.int("digits"))))
    }
}

import KakeiboDomain

/// The fields a receipt yielded. Money fields are integer minor units of `currency` (Int64), as everywhere in the ledger.
public struct ParsedReceipt: Hashable, Sendable, Codable {
    public var merchant: ReceiptField<String>?
    public var date: ReceiptField<String>?
    /// 24-hour `HH:MM`.
    public var time: ReceiptField<String>?
    public var currency: ReceiptField<String>?
    /// Whether the currency was printed, inferred from where the receipt was issued, or assumed; nil only in
    /// readings older than the field (taken as printed).
    public var currencyBasis: CurrencyBasis?
    public var total: ReceiptField<Int64>?
    public var subtotal: ReceiptField<Int64>?
    public var tax: ReceiptField<Int64>?
    public var rounding: ReceiptField<Int64>?
    public var discount: ReceiptField<Int64>?
    public var cash: ReceiptField<Int64>?
    public var change: ReceiptField<Int64>?
    /// Purchased lines between the header and the totals, top to bottom; empty when none were read.
    public var items: [ReceiptLineItem]
    public var warnings: [String]

    public init() {
        items = []
        warnings = []
    }

    /// The date as a domain value (`date.value` is ISO `YYYY-MM-DD`).
    public var localDate: LocalDate? {
        date.flatMap { try? LocalDate(iso: $0.value) }
    }

    /// Why the expense needs review, one phrase a field: `no date`, `merchant 64 %` (its confidence, under its
    /// threshold). Empty when it does not.
    public var reviewReasons: [String] {
        func reason<V>(_ name: String, _ field: ReceiptField<V>?) -> String? {
            guard let field else { return "no \(name)" }
            return field.isHighConfidence ? nil : "\(name) \(Int((field.confidence * 100).rounded(.down))) %"
        }
        return [reason("total", total), reason("date", date), reason("merchant", merchant), currencyReason].compactMap { $0 }
    }

    /// A currency the receipt does not print is named, so a reviewer who checks the reasons checks it too:
    /// `currency not printed, USD assumed` (the account's), `currency not printed, EUR inferred` (from the address).
    /// Not when the address agrees with the currency expected (`corroborated`).
    public var currencyReason: String? {
        guard let currency, let basis = currencyBasis, basis == .assumed || basis == .inferred else { return nil }
        return "currency not printed, \(currency.value) \(basis == .assumed ? "assumed" : "inferred")"
    }

    /// True when any field an expense needs is missing or below the review threshold, or the currency was not printed.
    public var needsReview: Bool {
        guard let total, let date, let merchant else { return true }
        return !(total.isHighConfidence && date.isHighConfidence && merchant.isHighConfidence) || currencyReason != nil
    }
}

import Foundation

/// Ground truth for one receipt, in the `receipts-dev` JSON format (`company`, `date_iso_dayfirst`, `total_minor`).
public struct ReceiptTruth: Hashable, Sendable, Decodable {
    public var company: String
    public var dateISODayFirst: String
    public var totalMinor: Int64

    enum CodingKeys: String, CodingKey {
        case company
        case dateISODayFirst = "date_iso_dayfirst"
        case totalMinor = "total_minor"
    }

    public init(company: String, dateISODayFirst: String, totalMinor: Int64) {
        self.company = company
        self.dateISODayFirst = dateISODayFirst
        self.totalMinor = totalMinor
    }

    public static func load(_ url: URL) throws -> ReceiptTruth {
        try JSONDecoder().decode(ReceiptTruth.self, from: Data(contentsOf: url))
    }
}

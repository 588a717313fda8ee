import Foundation
import KakeiboReceipts

/// Ground truth for one receipt, in the `receipts-dev` JSON format (`company`, `date_iso_dayfirst`, `total_minor`,
/// and `source.merchant_group`, which cross-validation folds by).
public struct ReceiptTruth: Hashable, Sendable, Decodable {
    public var company: String
    public var dateISODayFirst: String
    public var totalMinor: Int64
    /// The merchant's group: receipts of one shop (or chain) share it, and never straddle two folds.
    public var merchantGroup: String?

    enum CodingKeys: String, CodingKey {
        case company
        case dateISODayFirst = "date_iso_dayfirst"
        case totalMinor = "total_minor"
        case source
    }

    enum SourceKeys: String, CodingKey {
        case merchantGroup = "merchant_group"
    }

    public init(company: String, dateISODayFirst: String, totalMinor: Int64, merchantGroup: String? = nil) {
        self.company = company
        self.dateISODayFirst = dateISODayFirst
        self.totalMinor = totalMinor
        self.merchantGroup = merchantGroup
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        company = try container.decode(String.self, forKey: .company)
        dateISODayFirst = try container.decode(String.self, forKey: .dateISODayFirst)
        totalMinor = try container.decode(Int64.self, forKey: .totalMinor)
        let source = try? container.nestedContainer(keyedBy: SourceKeys.self, forKey: .source)
        merchantGroup = try source?.decodeIfPresent(String.self, forKey: .merchantGroup)
    }

    public static func load(_ url: URL) throws -> ReceiptTruth {
        try JSONDecoder().decode(ReceiptTruth.self, from: Data(contentsOf: url))
    }

    // MARK: - What counts as right

    public func totalIsRight(_ value: Int64?) -> Bool { value == totalMinor }
    public func dateIsRight(_ value: String?) -> Bool { value == dateISODayFirst }
    /// Fuzzy, as `receipts eval` scores the merchant: similarity ≥ 0.8 after normalising.
    public func merchantIsRight(_ value: String?) -> Bool { merchantSimilarity(value) >= 0.8 }
    public func merchantSimilarity(_ value: String?) -> Double {
        Similarity.ratio(Similarity.normalise(value ?? ""), Similarity.normalise(company))
    }
}

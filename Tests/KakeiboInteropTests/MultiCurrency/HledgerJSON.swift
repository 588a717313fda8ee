import Foundation

/// Reads `hledger bal -O json` into `account,COMMODITY,amount` lines with exact decimals
/// (`decimalMantissa` and `decimalPlaces`, never the float), `$ € £ ¥` as ISO codes.
enum HledgerJSON {
    static let symbols = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"]

    static func balances(_ json: String) throws -> [String] {
        let top = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any]
        let rows = top?.first as? [[Any]] ?? []
        var lines: [String] = []
        for row in rows {
            guard let account = row.first as? String, let amounts = row.last as? [[String: Any]] else { continue }
            // hledger keeps amounts with different prices apart (500 EUR @ $1.09 and -42.50 EUR):
            // summed per commodity here, at the larger number of places.
            var sums: [String: (mantissa: Int64, places: Int)] = [:]
            for amount in amounts {
                guard let commodity = amount["acommodity"] as? String,
                      let quantity = amount["aquantity"] as? [String: Any],
                      let mantissa = (quantity["decimalMantissa"] as? NSNumber)?.int64Value,
                      let places = (quantity["decimalPlaces"] as? NSNumber)?.intValue else { continue }
                let code = symbols[commodity] ?? commodity
                var sum = sums[code] ?? (0, places)
                var m = mantissa, p = places
                while sum.places < p { sum.mantissa *= 10; sum.places += 1 }
                while p < sum.places { m *= 10; p += 1 }
                sum.mantissa += m
                sums[code] = sum
            }
            for (code, sum) in sums where sum.mantissa != 0 {
                lines.append("\(account),\(code),\(decimal(sum.mantissa, sum.places))")
            }
        }
        return lines.sorted()
    }

    /// `name,CODE,0.01000000` → `name,CODE,0.01`: trailing zeros off, so precisions compare.
    static func normalised(_ line: String) -> String {
        var parts = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard var number = parts.last, number.contains(".") else { return line }
        while number.hasSuffix("0") { number.removeLast() }
        if number.hasSuffix(".") { number.removeLast() }
        parts[parts.count - 1] = number
        return parts.joined(separator: ",")
    }

    static func decimal(_ mantissa: Int64, _ places: Int) -> String {
        let sign = mantissa < 0 ? "-" : ""
        var digits = String(mantissa.magnitude)
        guard places > 0 else { return sign + digits }
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        return normalised("x," + sign + digits.dropLast(places) + "." + digits.suffix(places)).dropFirst(2).description
    }
}

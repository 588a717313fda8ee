import KakeiboDomain

extension Statement {
    /// What every reader promises the importer, or nil when it holds: no zero amount, every amount
    /// written back and read again is the same number, no empty bank id, payee or memo, and no
    /// control character in them. The fuzz targets (Fuzz/Fuzz*Reader.swift) check it on every input.
    public var brokenPromise: String? {
        for transaction in transactions {
            if transaction.amount.mantissa == 0 { return "a zero amount at \(transaction.location)" }
            guard let again = try? ExactDecimal(parsing: transaction.amount.description), again == transaction.amount else {
                return "\(transaction.amount) does not read back at \(transaction.location)"
            }
            for text in [transaction.bankID, transaction.payee, transaction.memo] {
                guard let text else { continue }
                if text.isEmpty { return "an empty text at \(transaction.location)" }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    return "a control character in \(text.debugDescription) at \(transaction.location)"
                }
            }
        }
        return nil
    }
}

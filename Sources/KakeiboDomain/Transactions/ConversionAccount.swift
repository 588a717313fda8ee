/// The equity accounts that hold the other side of a conversion, named as hledger's
/// `--infer-equity` names them but with Kakeibo's codes: `equity:conversion:EUR-USD:EUR` and
/// `…:USD`, the alphabetically first code first. Their balances are the trading account of
/// Selinger's tutorial: valued at today's rates, the unrealised gain or loss of every exchange.
public enum ConversionAccount {
    public static let root = "equity:conversion"

    /// The account that takes `commodity`'s side of a conversion between `a` and `b`.
    public static func name(between a: Commodity, and b: Commodity, side commodity: Commodity) -> String {
        let (first, second) = a.code <= b.code ? (a, b) : (b, a)
        return "\(root):\(part(first))-\(part(second)):\(part(commodity))"
    }

    /// The empty-symbol commodity (`10 RY @ 71.74`) is spelled `_`: an account name has no empty part.
    static func part(_ commodity: Commodity) -> String { commodity.isBare ? "_" : commodity.code }

    public static func isConversion(_ name: String) -> Bool {
        name == root || name.hasPrefix(root + ":")
    }
}

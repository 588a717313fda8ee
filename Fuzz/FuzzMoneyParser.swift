
private let currencies = [Currency.usd, try! Currency(code: "JPY"), try! Currency(code: "KWD")]

/// Any text as an amount: refused with a MoneyError, or parsed to a value whose decimal form
/// parses back to the same value; and the common form read plainly as the general reading reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMoneyParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let currency = currencies[Int(data[0]) % currencies.count]
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    // The bytes-only reading of the common form gives what the general reading gives.
    if let plain = Money.parsePlain(text, currency: currency), (try? Money.parseAny(text, currency: currency)) != plain {
        fatalError("\(text) read plainly as \(plain), otherwise as \(String(describing: try? Money.parseAny(text, currency: currency)))")
    }
    guard let money = try? Money.parse(text, currency: currency) else { return 0 }
    guard (try? Money.parse(money.decimalString, currency: currency)) == money else {
        fatalError("\(text) parsed to \(money), whose decimal form does not parse back")
    }
    _ = try? money.negated()
    _ = try? money.adding(money)
    return 0
}

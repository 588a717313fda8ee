
/// Any bytes: the parser either refuses them with a JSONError or returns a value whose
/// canonical form parses back to itself and re-encodes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCanonicalJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONValue.parse(bytes) else { return 0 }
    let canonical = value.canonicalBytes()
    guard let again = try? JSONValue.parse(canonical) else { fatalError("canonical output does not parse") }
    guard again.canonicalBytes() == canonical else { fatalError("canonical output is not stable") }
    _ = value.prettyString()
    return 0
}

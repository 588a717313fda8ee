/// Entry points for turning stored event bytes back into values.
///
/// Everything funnels into one contiguous buffer so the parser itself is
/// non-generic; `[UInt8]` and native `String`s hand over their storage without copying.
extension JSONValue {
    /// Parses a strict RFC 8259 document (integers only) from UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONError) -> JSONValue in
            try JSONParser.parse(buffer)
        }
    }

    /// Parses a strict RFC 8259 document (integers only) from a string's UTF-8.
    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        var text = text
        // `String.withUTF8` is `rethrows` (untyped), so carry the typed error out in a Result.
        let result = text.withUTF8 { buffer -> Result<JSONValue, JSONError> in
            do throws(JSONError) { return .success(try JSONParser.parse(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses from any byte collection, copying only if it is not contiguous.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONError) {
        let result: Result<JSONValue, JSONError>? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(JSONError) { return .success(try JSONParser.parse(buffer)) } catch { return .failure(error) }
        }
        if let result {
            self = try result.get()
        } else {
            self = try JSONValue.parse(Array(bytes))
        }
    }
}

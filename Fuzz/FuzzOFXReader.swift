// fuzz-sources: Sources/KakeiboInterop/Common Sources/KakeiboInterop/Statement/Reading
import Foundation

/// Any bytes as a OFX 1.x SGML and OFX 2.x/QFX XML statement, the way `import statement` reads one: the first byte picks
/// the encoding (detected, or one named), the rest is decoded, then read with `--format ofx`. Each
/// input is refused with an ImportError or read into a statement that keeps the readers' promises
/// (`Statement.brokenPromise`); detection must never crash either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOFXReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let encodings: [StatementEncoding?] = [nil, nil, nil, .utf8, .utf16LE, .windows1252]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let text = StatementEncoding.decode(bytes, override: encodings[Int(data[0]) % encodings.count]) else { return 0 }
    _ = StatementReader.detect(text)
    guard let statement = try? StatementReader.read(text: text, file: "fuzz.ofx", format: .ofx) else { return 0 }
    if let broken = statement.brokenPromise { fatalError(broken) }
    return 0
}

import Foundation

/// Where the `kakeibo` executable the tests run lives: `$KAKEIBO_BIN`, else next to the test
/// bundle (`swift build --build-tests` puts it there), on Linux and macOS alike.
public enum KakeiboBinary {
    public struct NotFound: Error, CustomStringConvertible {
        public var searched: [String]
        public var description: String {
            "the kakeibo executable was not found next to the test bundle; build it first "
                + "(swift build --build-tests) or set KAKEIBO_BIN. Searched: \(searched.joined(separator: ", "))"
        }
    }

    public static func locate() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["KAKEIBO_BIN"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var candidates: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" || bundle == Bundle.main {
            candidates.append(bundle.bundleURL)
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // macOS: …/debug/KakeiboPackageTests.xctest/Contents/MacOS/KakeiboPackageTests
        if let executable = Bundle.main.executableURL {
            var url = executable
            for _ in 0..<4 {
                url.deleteLastPathComponent()
                candidates.append(url)
            }
        }
        for directory in candidates {
            let url = directory.appendingPathComponent("kakeibo")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        throw NotFound(searched: candidates.map(\.path))
    }

    /// Runs the located `kakeibo` with `arguments` and the test's own environment.
    public static func run(_ arguments: [String], timeout: TimeInterval? = nil) throws -> ChildProcess.Output {
        try ChildProcess.run(try locate(), arguments, timeout: timeout)
    }
}

import Foundation

/// Sanitizer settings of the test process, for the `kakeibo` processes tests start with a fixed
/// environment: an AddressSanitizer run of the suite configures its children the same way.
public enum SanitizerOptions {
    public static var inherited: [String: String] {
        ProcessInfo.processInfo.environment.filter { ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key) }
    }
}

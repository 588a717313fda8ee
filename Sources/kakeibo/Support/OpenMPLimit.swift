import Foundation

/// Tesseract parallelises inside one image with OpenMP, which on 2 shared cores costs more than it
/// saves (measured: user time halved and system time from 32 s to 1 s on 60 receipts with the limit).
/// libgomp reads `OMP_THREAD_LIMIT` when it loads, before any Swift runs, so a receipt command
/// re-executes itself once with the variable set. Elsewhere (no /proc) it runs unlimited.
enum OpenMPLimit {
    static func applyIfReadingReceipts(_ arguments: [String] = CommandLine.arguments) {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil,
              arguments.dropFirst().contains(where: { $0 == "receipts" || $0 == "receipt" }),
              FileManager.default.fileExists(atPath: "/proc/self/exe") else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv("/proc/self/exe", &argv)
        // execv returned: it failed; carry on without the limit.
    }
}

import Foundation

/// Tesseract parallelises inside one image with OpenMP, which on 2 shared cores costs more than it
/// saves (measured: user time halved and system time from 32 s to 1 s on 60 receipts with the limit).
/// libgomp reads `OMP_THREAD_LIMIT` when it loads, before any Swift runs, so a command that reads
/// receipts re-executes itself once with the variable set. Elsewhere (no /proc) it runs unlimited.
public enum OpenMPLimit {
    /// Re-executes the process with `OMP_THREAD_LIMIT=1` unless it is already set. The caller decides from its
    /// parsed command whether it reads receipt images (an argument that merely equals `receipt`, such as
    /// `--payee receipt`, is no reason).
    public static func apply(_ arguments: [String] = CommandLine.arguments) {
        guard ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil,
              FileManager.default.fileExists(atPath: "/proc/self/exe") else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        execv("/proc/self/exe", &argv)
        // execv returned: it failed; carry on without the limit.
    }
}

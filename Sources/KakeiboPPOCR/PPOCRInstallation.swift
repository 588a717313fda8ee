import Foundation

/// Where the PP-OCR worker's Python and script are.
///
/// Python: `KAKEIBO_PYTHON`, else the project's `.venv` (which `make python-deps` fills) found from the
/// working directory or the binary upwards. Never whatever `python3` comes first on the PATH: that may be a
/// shell-script shim (pyenv), and reading a receipt should not run programs a PATH happens to offer. Nothing is
/// downloaded: the models come inside the `rapidocr-onnxruntime` wheel.
public enum PPOCRInstallation {
    public static func python(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["KAKEIBO_PYTHON"], !explicit.isEmpty { return explicit }
        let starts = [FileManager.default.currentDirectoryPath, executableDirectory()].compactMap { $0 }
        for start in starts {
            var directory = URL(fileURLWithPath: start, isDirectory: true)
            for _ in 0..<8 {
                let candidate = directory.appendingPathComponent(".venv/bin/python3").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }

    /// The worker script, copied beside the binary as the module's resource.
    public static func script() -> String? {
        let name = "ppocr_worker.py"
        var candidates: [String] = []
        if let directory = executableDirectory() {
            candidates.append("\(directory)/Kakeibo_KakeiboPPOCR.resources/\(name)")
            candidates.append("\(directory)/Kakeibo_KakeiboPPOCR.bundle/\(name)")
        }
        if let url = Bundle.module.url(forResource: "ppocr_worker", withExtension: "py") { candidates.insert(url.path, at: 0) }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    private static func executableDirectory() -> String? {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
        return path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
    }
}

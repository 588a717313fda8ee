/// A refusal the CLI itself makes (an option that makes no sense, a file it cannot read). It is
/// already in `ErrorMessage`'s terms (message, optional hint, exit code), so it carries one rather
/// than a copy of its fields.
struct CommandFailure: Error {
    var rendered: ErrorMessage

    init(_ message: String, hint: String? = nil, exitCode: Int32 = 1) {
        rendered = ErrorMessage(message, hint: hint, exitCode: exitCode)
    }
}

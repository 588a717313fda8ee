/// A refusal the CLI itself makes (an option that makes no sense, a file it cannot read), as a message, an
/// optional hint and an exit code. `ErrorMessage` renders it like every library error.
struct CommandFailure: Error {
    var message: String
    var hint: String?
    var exitCode: Int32

    init(_ message: String, hint: String? = nil, exitCode: Int32 = 1) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
    }
}

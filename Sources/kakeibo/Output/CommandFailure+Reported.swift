extension CommandFailure {
    /// A command that reports failures one by one as it goes (`import receipt` over many files: one line per file
    /// that failed, the others still recorded) and ends with a non-zero status once all are done. Its lines were
    /// already worded by `ErrorMessage`; this carries only the exit code to `Kakeibo.main`, which prints nothing more.
    static func reported(exitCode: Int32 = 1) -> CommandFailure {
        CommandFailure("", exitCode: exitCode)
    }
}

import KakeiboSync

/// A witness's refusals (issue 34, part 5) as the CLI says them: the library's one line, and what to run next.
extension ErrorMessage {
    static func witness(_ error: WitnessError) -> ErrorMessage {
        switch error {
        case .forked, .wrongRoot:
            return ErrorMessage(error.description, hint: "`kakeibo verify --witnesses` lists the evidence; show it to whoever runs the server")
        case .unsigned:
            return ErrorMessage(error.description, hint: "if the server's key was replaced on purpose, move the file's .witness/server.pub aside and sync again")
        case .noCheckpoint, .cannotWrite:
            return ErrorMessage(error.description)
        }
    }
}

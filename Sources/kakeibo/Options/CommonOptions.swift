import ArgumentParser

/// `--db` and `--format`, which most commands take together: one group, so a command declares both in one line
/// (`@OptionGroup var common: CommonOptions`) and `--help` lists them as before, `--db` first.
struct CommonOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
}

/// A command that takes `CommonOptions`: its body reads `global` and `output` as a command declaring them one by one
/// does, and it satisfies `RecordingCommand`'s requirements the same way.
protocol CommonCommand {
    var common: CommonOptions { get }
}

extension CommonCommand {
    var global: GlobalOptions { common.global }
    var output: OutputOptions { common.output }
}

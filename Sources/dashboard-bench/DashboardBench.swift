import KakeiboDashboard
import KakeiboDomain

/// How long the dashboard takes to render every page for a large export: CATEGORIES budget,
/// expense and forecast categories (default 300), repeated RUNS times (default 20); prints the
/// median and the slowest run, twice: from the JSON text (parse, decode, render: what `widgets export --html`
/// pays, and what the live dashboard paid per request before it kept the decoded documents per ledger head), and
/// from documents decoded once (render only: what the web app pays per page while the head does not move).
/// Release build: `swift run -c release dashboard-bench [CATEGORIES] [RUNS]`.
@main
struct DashboardBench {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let categories = arguments.first ?? 300, runs = arguments.dropFirst().first ?? 20
        let documents = SyntheticExport(categories: categories).documents()
        let texts = documents.map { $0.canonicalString() }
        var bytes = 0
        let fromText = measure(runs) {
            let parsed = texts.compactMap { try? JSONValue.parse($0) }
            let pages = DashboardRenderer(documents: DashboardDocuments(parsed, exportedOn: "2026-11-21")).renderAll()
            bytes = pages.reduce(0) { $0 + $1.html.utf8.count }
        }
        print("dashboard-bench: \(categories) categories, 7 pages (\(bytes) bytes), \(runs) runs: median \(fromText.median), slowest \(fromText.slowest)")
        let decoded = DashboardRenderer(documents: DashboardDocuments(documents, exportedOn: "2026-11-21"))
        let renderOnly = measure(runs) { _ = decoded.renderAll() }
        print("dashboard-bench: render only (documents decoded once): median \(renderOnly.median), slowest \(renderOnly.slowest)")
    }

    static func measure(_ runs: Int, _ body: () -> Void) -> (median: Duration, slowest: Duration) {
        let clock = ContinuousClock()
        var durations: [Duration] = []
        for _ in 0..<runs {
            let start = clock.now
            body()
            durations.append(clock.now - start)
        }
        durations.sort()
        return (durations[runs / 2], durations[runs - 1])
    }
}

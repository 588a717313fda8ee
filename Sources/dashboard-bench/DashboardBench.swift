import KakeiboDashboard
import KakeiboDomain

/// How long the dashboard takes to render every page for a large export: CATEGORIES budget,
/// expense and forecast categories (default 300), repeated RUNS times (default 20); prints the
/// median and the slowest run. Release build: `swift run -c release dashboard-bench [CATEGORIES] [RUNS]`.
@main
struct DashboardBench {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        let categories = arguments.first ?? 300, runs = arguments.dropFirst().first ?? 20
        let documents = SyntheticExport(categories: categories).documents()
        let clock = ContinuousClock()
        var durations: [Duration] = [], bytes = 0
        for _ in 0..<runs {
            let start = clock.now
            // Decoding is part of the cost the server pays per request: parse the JSON text, then render.
            let parsed = documents.compactMap { try? JSONValue.parse($0.canonicalString()) }
            let pages = DashboardRenderer(documents: DashboardDocuments(parsed, exportedOn: "2026-11-21")).renderAll()
            durations.append(clock.now - start)
            bytes = pages.reduce(0) { $0 + $1.html.utf8.count }
        }
        durations.sort()
        print("dashboard-bench: \(categories) categories, 7 pages (\(bytes) bytes), \(runs) runs: median \(durations[runs / 2]), slowest \(durations[runs - 1])")
    }
}

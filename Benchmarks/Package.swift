// swift-tools-version:6.1
// Performance benchmarks for Kakeibo, kept in their own package so that `swift build` and
// `swift test` in the root never resolve or build package-benchmark.
//
//   swift package --package-path Benchmarks benchmark          (package-benchmark suite)
//   swift run -c release --package-path Benchmarks ledger-bench --events 100000
//
// See Benchmarks/README.md.
import PackageDescription

let package = Package(
    name: "KakeiboBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ledger-bench", targets: ["ledger-bench"]),
        .library(name: "LedgerGenerator", targets: ["LedgerGenerator"]),
        .executable(name: "proofs-bench", targets: ["proofs-bench"]),
    ],
    dependencies: [
        // The root package, by path: the identity of a path dependency is its folder's name, so the
        // products below name the package "Kakeibo" explicitly rather than the clone's folder name.
        .package(name: "Kakeibo", path: ".."),
        // The repository was renamed from package-benchmark; the old identity still resolves but warns.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Seeded, deterministic household ledgers as `[LedgerCommand]`, plus a loader that records them.
        .target(
            name: "LedgerGenerator",
            dependencies: [
                .product(name: "KakeiboDomain", package: "Kakeibo"),
                .product(name: "KakeiboLedger", package: "Kakeibo"),
            ]
        ),
        // Plain figures without package-benchmark: `make bench-quick`.
        .executableTarget(
            name: "ledger-bench",
            dependencies: [
                "LedgerGenerator",
                .product(name: "KakeiboDomain", package: "Kakeibo"),
                .product(name: "KakeiboLedger", package: "Kakeibo"),
            ]
        ),
        // Issue 34's inclusion proofs produced and checked in one process: Benchmarks/proofs.sh.
        .executableTarget(
            name: "proofs-bench",
            dependencies: [
                .product(name: "KakeiboChain", package: "Kakeibo"),
                .product(name: "KakeiboDomain", package: "Kakeibo"),
                .product(name: "KakeiboLedger", package: "Kakeibo"),
            ]
        ),
        // package-benchmark suite: `swift package benchmark`.
        .executableTarget(
            name: "LedgerBenchmarks",
            dependencies: [
                "LedgerGenerator",
                .product(name: "KakeiboDomain", package: "Kakeibo"),
                .product(name: "KakeiboLedger", package: "Kakeibo"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LedgerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

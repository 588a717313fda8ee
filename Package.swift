// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Kakeibo",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "kakeibo", targets: ["kakeibo"]),
        .library(name: "KakeiboLedger", targets: ["KakeiboLedger"]),
        .library(name: "KakeiboDomain", targets: ["KakeiboDomain"]),
        .library(name: "KakeiboChain", targets: ["KakeiboChain"]),
        .library(name: "KakeiboInterop", targets: ["KakeiboInterop"]),
        .library(name: "KakeiboReceipts", targets: ["KakeiboReceipts"]),
        .library(name: "KakeiboDashboard", targets: ["KakeiboDashboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The household server (issue 19): HTTP, PostgreSQL, lifecycle. Only KakeiboServer links them.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // The sync client's HTTP (issue 30): URLSession on Linux (libcurl) spins while it waits for a reply.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // HTTPTypes (HTTPField, HTTPRequest.Method): the server's routes and its tests name them directly.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Property-based tests (Swift Testing) of the amount, date and name readers; test targets only.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // HdrHistogram for the server load test's latency percentiles (Tests/Postgres/SyncLoad); nothing the app links.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // The web app (issue 31): templates and multipart uploads, the field's libraries (mirrored). Only KakeiboWebApp links them.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
    ],
    targets: [
        // Pure values: money, dates, accounts, the event catalog, the decider. No I/O.
        .target(name: "KakeiboDomain"),
        // Provable books (issue 34): the chain hash, RFC 9162 Merkle trees, proofs and checkpoints. Pure (iOS too).
        .target(name: "KakeiboChain", dependencies: ["KakeiboDomain", .product(name: "Crypto", package: "swift-crypto")]),
        // The append-only SQLite log: hash chain, idempotency, optimistic concurrency.
        .target(
            name: "KakeiboEventStore",
            dependencies: [
                "KakeiboDomain", "KakeiboChain",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            plugins: ["EmbedMigrations"]
        ),
        // Folds from the log: accounts, balances, register. Storage behind a protocol.
        .target(name: "KakeiboProjections", dependencies: ["KakeiboDomain"]),
        // The application service: decide, append, project, in one transaction.
        .target(
            name: "KakeiboLedger",
            dependencies: [
                "KakeiboDomain", "KakeiboEventStore", "KakeiboProjections", "KakeiboChain",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Reports as text (issue 35): tables, CSV and JSON built from the ledger's report values, so a command
        // only picks the form and prints. Foundation-free.
        .target(name: "KakeiboReports", dependencies: ["KakeiboDomain", "KakeiboProjections", "KakeiboLedger", "KakeiboInterop",
                                                      "KakeiboEventStore", "KakeiboChain"]),
        // Journals and statements in and out: hledger/ledger journals, beancount, bank CSV.
        .target(
            name: "KakeiboInterop",
            dependencies: ["KakeiboDomain", "KakeiboEventStore", "KakeiboLedger"]
        ),
        // Receipt files on disk: checks before OCR, digests, batch reading on every core. Linux/macOS (Tesseract).
        .target(
            name: "KakeiboReceiptFiles",
            dependencies: ["KakeiboDomain", "KakeiboReceipts", "KakeiboReceiptImage", "KakeiboTesseract", "KakeiboPPOCR", "KakeiboChain"]
        ),
        // Receipts: text observations → rows → sanitised text → fields with confidence. Pure Swift (iOS too).
        .target(name: "KakeiboReceipts", dependencies: ["KakeiboDomain"]),
        // Training and scoring the receipt model: grouped cross-validation, calibration, reliability. Not for apps.
        .target(name: "KakeiboReceiptsTraining", dependencies: ["KakeiboReceipts"]),
        // Tesseract and Leptonica's C APIs (Debian: libtesseract-dev, libleptonica-dev, tesseract-ocr-eng).
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev", "tesseract-ocr-eng"])]
        ),
        // The receipt reader's one image check and decode (issue 35): byte cap, header limits, Leptonica's decode,
        // EXIF orientation. Both engines read what it decoded, so neither engine module decodes a file.
        .target(name: "KakeiboReceiptImage", dependencies: ["KakeiboReceipts", "CTesseract"]),
        // The OCR engine behind KakeiboReceipts' protocol, on Tesseract's C API. Linux/macOS only.
        .target(name: "KakeiboTesseract", dependencies: ["KakeiboReceipts", "KakeiboReceiptImage", "CTesseract"]),
        // PP-OCR behind the same protocol, through a long-lived Python worker; handed pixels (`ReceiptPixels`), not files.
        .target(name: "KakeiboPPOCR", dependencies: ["KakeiboReceipts"], resources: [.copy("ppocr_worker.py")]),
        // Sync's wire format and client: pushes a ledger file's pending events, pulls the server's. No NIO.
        .target(
            name: "KakeiboSync",
            dependencies: [
                "KakeiboDomain", "KakeiboEventStore", "KakeiboLedger",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The household server: one sequencer per ledger on PostgreSQL, behind Hummingbird. Linux/macOS only.
        .target(
            name: "KakeiboServer",
            dependencies: [
                "KakeiboDomain", "KakeiboEventStore", "KakeiboLedger", "KakeiboSync",
                // The web app's receipts (issue 31): the server checks and reads an uploaded photo as the CLI does.
                "KakeiboReceipts", "KakeiboReceiptFiles", "KakeiboTesseract", "KakeiboPPOCR",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The household's web app (issue 31): pages, capture, receipts and review served by `server run`,
        // rendered from the server's replica of each ledger. KakeiboServer does not depend on it.
        .target(
            name: "KakeiboWebApp",
            dependencies: [
                "KakeiboServer", "KakeiboLedger", "KakeiboDomain", "KakeiboDashboard", "KakeiboReceipts",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "kakeibo",
            dependencies: [
                "KakeiboLedger", "KakeiboDomain", "KakeiboInterop", "KakeiboReceipts", "KakeiboReceiptFiles", "KakeiboReceiptsTraining", "KakeiboReceiptImage",
                "KakeiboTesseract", "KakeiboPPOCR", "KakeiboSync", "KakeiboServer", "KakeiboEventStore", "KakeiboProjections",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                "KakeiboDashboard", "KakeiboWebApp", "KakeiboChain", "KakeiboReports",
            ]
        ),
        // Build-time tool: turns Migrations/*.sql into Swift string constants so the binary carries its schema.
        .executableTarget(name: "MigrationEmbedder"),
        .plugin(name: "EmbedMigrations", capability: .buildTool(), dependencies: ["MigrationEmbedder"]),
        // The dashboard: HTML and inline SVG pages rendered from the widget JSON only. No Foundation, no I/O:
        // `widgets export --html` and the server hand it the same documents.
        .target(name: "KakeiboDashboard", dependencies: ["KakeiboDomain"]),
        // How long rendering every page takes for a large synthetic export: `swift run -c release dashboard-bench`.
        .executableTarget(name: "dashboard-bench", dependencies: ["KakeiboDashboard", "KakeiboDomain"]),
        // The household server under load: ledgers × devices syncing at once, push latency in an HdrHistogram
        // (`make sync-load`, Tests/Postgres/sync-load.sh).
        .executableTarget(
            name: "sync-load",
            dependencies: ["KakeiboServer", "KakeiboSync", "KakeiboLedger", "KakeiboDomain",
                           .product(name: "Histogram", package: "hdrhistogram-swift")],
            path: "Tests/Postgres/SyncLoad"
        ),

        // Helpers the test targets share (seeded generators).
        .target(name: "KakeiboTestSupport", dependencies: ["KakeiboDomain"], path: "Tests/KakeiboTestSupport"),
        .testTarget(name: "KakeiboDomainTests", dependencies: ["KakeiboDomain", "KakeiboTestSupport",
                                                            .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "KakeiboChainTests", dependencies: ["KakeiboChain"]),
        .testTarget(name: "KakeiboEventStoreTests", dependencies: ["KakeiboEventStore", "KakeiboDomain", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "KakeiboProjectionsTests", dependencies: ["KakeiboProjections", "KakeiboDomain", "KakeiboTestSupport"]),
        .testTarget(name: "KakeiboLedgerTests", dependencies: ["KakeiboLedger", "KakeiboDomain", "KakeiboEventStore", "KakeiboProjections", "KakeiboTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "KakeiboDashboardTests", dependencies: ["KakeiboDashboard", "KakeiboDomain"]),
        .testTarget(name: "KakeiboCLITests", dependencies: ["kakeibo", "KakeiboLedger", "KakeiboTestSupport"]),
        .testTarget(name: "KakeiboInteropTests", dependencies: ["KakeiboInterop", "KakeiboLedger", "KakeiboDomain", "KakeiboReceipts", "kakeibo", "KakeiboTestSupport"]),
        .testTarget(
            name: "KakeiboServerTests",
            dependencies: [
                "KakeiboServer", "KakeiboSync", "KakeiboLedger", "KakeiboEventStore", "KakeiboDomain", "KakeiboTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The deterministic sync simulator (issue 30): seeded fault schedules over N devices and the real server.
        .testTarget(
            name: "SyncSimulation",
            dependencies: [
                "KakeiboServer", "KakeiboSync", "KakeiboLedger", "KakeiboEventStore", "KakeiboDomain", "KakeiboInterop", "KakeiboTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "KakeiboReceiptsTests",
            dependencies: ["KakeiboReceipts", "KakeiboReceiptFiles", "KakeiboReceiptsTraining", "KakeiboReceiptImage", "KakeiboTesseract", "KakeiboPPOCR", "KakeiboDomain",
                           "KakeiboLedger", "kakeibo", "KakeiboTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)

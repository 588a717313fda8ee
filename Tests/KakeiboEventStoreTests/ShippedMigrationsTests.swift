@testable import KakeiboEventStore
import XCTest

/// A shipped migration is never edited (a ledger that already ran it would never see the change):
/// the SHA-256 of every `Migrations/*.sql` the binary embeds is pinned here. A new migration is a
/// new numbered file, pinned in the same commit; a failure here means a shipped one was touched.
final class ShippedMigrationsTests: XCTestCase {
    static let pinned: [String: String] = [
        "0001_event_log": "41fe3970537ea2f7728309b35c50131fbb4eda8a321edd6ffa9618ec578e4a37",
        "0002_projections": "27d717f072cf43ffb01930ef197ccd164a8e98c98c261c9f08f7aa7233862a45",
        "0003_plans": "a3154a3cd9f6055adbc1f8f2856314fc76fd28b84648f2cd2e72aff6aa844bbd",
        "0004_suggestions": "81a4f557a3b7b56922dcff6298083b66c5b7ba21202bea05b90edc501dd6e6ca",
        "0005_suggestion_outcomes": "f03b4681a0bcf7767c8a1602e2b329aef917bae8178db15500f1a27cc6cc591a",
        "0006_receipt_item_words": "352b8fc1f405a6510c60ee7958ed89434ce600f7b14009959af4ef9eba0754a2",
        "0007_suggestion_totals": "2ce968f3283fce132b1f931e9afd1571a5d274e2fe3db6b7ff833055796e9926",
        "0008_commodities": "fb0d7e5226bee84636659e0e867f0491fe8fe3b6c47e6e577a6e2a46ef3cf79f",
        "0009_journal_syntax": "685a552c96c25a6c2b063e1956ff68eb3a1d05b7ea95b9dd6c5bb795c1c0c75b",
        "0011_sync": "2bb4d77601c6b07f654d6496f050bc786836e6cf2a4b1ee10a301ddd59e75306",
        "0012_forecast_rules_index": "4318b786b5c8ef22a07c0ff2a8b8a581bc42ccd8ec7674713b59f9d82e368529",
        "0013_suggestions_learn_choices": "3bd143b28d8078c553450967d63930fc03a95619a7c57b9bdaa81dfaa3d418d1",
        "0014_transaction_marks": "43091429358d293a942319e6a04c2ea1294f3e5a294f7b4818875896fac4df34",
        "0015_account_named_position": "9e3c54c2b1a9775ab571404ce68bee0cab54ccd31972776c14f0b008cdbd1131",
        "0016_merkle_tree": "2d70a0285f1d52ab446e51f1bc766bab94b9ca496e96515299fdb258d8a36b7d",
        "0018_lots": "eb8db0b9e5437ddd9ddf0ad416e137aa17631c1f55a7923f78c917ee88df9ca3",
        "0017_posting_marks": "7f14efa02aec5d1e5df2be5491110b4acc422ce49a32dcd22a4e460b82be9e35",
        "0020_balance_assertions": "f2d9accbcfedf7d5d78d005b03423141b591ca6f926dee83167adf49efc6a280",
        "0021_receipts_scanned_index": "26e61da3773b84e0be39d0085ba277544a091ea218f165c96ae92e1aaa0b6f92",
        "0024_postings_txn_date": "cc8a662a5650c8096a9c877a78e8f887605f0c29b9c7a764909943403d605122",
        "0025_price_recordings": "e9e117bb05e69e569c1737bc6bd6d2773c597de145176f644d6eaa8518178ee2",
        "0026_projection_undo": "c81882587d47a4a60dd02b4a43fef27358dbc9d7fd41b7ac485fa3852a1a0767",
    ]

    func testEveryShippedMigrationIsPinnedAndUnchanged() {
        var changed: [String] = []
        for (identifier, sql) in embeddedMigrations {
            let digest = sha256Hex(Array(sql.utf8))
            guard let pin = Self.pinned[identifier] else {
                XCTFail("\(identifier).sql is not pinned: add \"\(identifier)\": \"\(digest)\" to ShippedMigrationsTests.pinned")
                continue
            }
            if pin != digest { changed.append("\(identifier).sql: pinned \(pin), now \(digest)") }
        }
        XCTAssertEqual(changed, [], "shipped migrations were edited; add a new numbered migration instead")
        XCTAssertEqual(Set(Self.pinned.keys), Set(LedgerDatabase.knownMigrations), "a pinned migration is missing from Migrations/")
    }
}

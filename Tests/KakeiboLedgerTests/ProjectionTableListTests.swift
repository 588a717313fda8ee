import GRDB
@testable import KakeiboLedger
import XCTest

/// The rebuilder's table list was kept by hand and never checked (issue 35): a migration that adds a projection
/// table and forgets `ProjectionRebuilder.tables` would leave `replay` folding into a table it never emptied.
final class ProjectionTableListTests: LedgerTestCase {
    func testEveryTableOfANewLedgerIsRebuiltOrNamedAsNotAProjection() throws {
        let schema = try withRawDatabase { db in
            try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
        }
        let rebuilt = Set(ProjectionRebuilder.tables)
        let named = Set(ProjectionRebuilder.notProjections)
        XCTAssertEqual(schema.subtracting(rebuilt).subtracting(named).sorted(), [],
                       "tables neither rebuilt by ProjectionRebuilder.tables nor named in ProjectionRebuilder.notProjections")
        XCTAssertEqual(rebuilt.union(named).subtracting(schema).sorted(), [], "listed tables the schema does not have")
        XCTAssertEqual(rebuilt.intersection(named).sorted(), [], "a table both rebuilt and named as not a projection")
        XCTAssertEqual(ProjectionRebuilder.tables.count, rebuilt.count, "a table listed twice")
    }
}

import KakeiboLedger
import KakeiboReports

/// Prints `account list` and `category list`, rendered by KakeiboReports.
enum AccountPrinter {
    static func print(_ listings: [AccountListing], format: OutputFormat, categoriesOnly: Bool) {
        Swift.print(AccountListing.text(listings, format, categoriesOnly: categoriesOnly))
    }
}

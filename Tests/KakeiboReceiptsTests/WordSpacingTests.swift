@testable import KakeiboReceipts
import XCTest

/// N7: PP-OCR loses the spaces in tightly printed names; the payee gets them back from the case, the figures and
/// common words of trade, never from a list of merchants.
final class WordSpacingTests: XCTestCase {
    func testGluedNamesGetTheirSpacesBack() {
        XCTAssertEqual(WordSpacing.restore("GerbangAlafRestaurants SDN BHD"), "Gerbang Alaf Restaurants SDN BHD")
        XCTAssertEqual(WordSpacing.restore("99SPEED MART S/B"), "99 SPEED MART S/B")
        XCTAssertEqual(WordSpacing.restore("PASARAYABORONGPINTAR SDN BHD"), "PASARAYA BORONG PINTAR SDN BHD")
        XCTAssertEqual(WordSpacing.restore("UROKOJAPANESECUISINE SDN BHD"), "UROKO JAPANESE CUISINE SDN BHD")
        XCTAssertEqual(WordSpacing.restore("HARBOURBOOKSLTD"), "HARBOUR BOOKS LTD")
        XCTAssertEqual(WordSpacing.restore("KEDAISERBANEKACAHAYA"), "KEDAI SERBANEKA CAHAYA")
        XCTAssertEqual(WordSpacing.restore("BLUE.RIVERDINERLLC"), "BLUE.RIVER DINER LLC")
    }

    func testWordsThatAreWholeStayWhole() {
        for name in ["McDonald's", "iPhone Centre", "MARTINEZ", "SUPERMARKET", "MPH BOOKSTORES SDN BHD", "CAFETERIA", "PETROLEUM",
                     "7-ELEVEN", "A1 MART", "3M", "RESTAURANTS"] {
            XCTAssertEqual(WordSpacing.restore(name), name)
        }
    }

    /// Issue 33: PP-OCRv6 keeps most spaces but glued syn-02's `BLUERIVER` and `ORANGEJUICE`; two common English words
    /// are parted, a word of the language or a name that is not two such words is left whole.
    func testTwoCommonEnglishWordsGluedArePartedAndOtherWordsAreNot() {
        XCTAssertEqual(WordSpacing.restore("BLUERIVER DINER LLC"), "BLUE RIVER DINER LLC")
        XCTAssertEqual(WordSpacing.splitEnglishWords("ORANGEJUICE"), ["ORANGE", "JUICE"])
        XCTAssertEqual(WordSpacing.splitEnglishWords("GREETINGCARD"), ["GREETING", "CARD"])
        for word in ["SPRINGFIELD", "MARTINEZ", "PASARAYA", "CAPPUCCINO", "CROISSANT", "Orangejuice", "PANCAKES", "ORANGE", "BORONGPINTAR"] {
            XCTAssertEqual(WordSpacing.splitEnglishWords(word), [word], word)
        }
    }
}

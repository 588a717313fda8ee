/// A calendar date with no time or zone: the day a transaction belongs to, independent of where it is viewed.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Validates year 1...9999, month and day (Gregorian leap years).
    public init(year: Int, month: Int, day: Int) throws(DateError) {
        guard (1...9999).contains(year) else {
            throw .outOfRange("year \(year) is not supported: use a year from 1 to 9999")
        }
        guard (1...12).contains(month) else {
            throw .outOfRange("month \(month) is not a month: use 1 to 12")
        }
        let length = Self.daysIn(year: year, month: month)
        guard (1...length).contains(day) else {
            throw .outOfRange("\(Self.format(year, month, day)) is not a date: \(Self.monthNames[month - 1]) \(year) has \(length) days")
        }
        self.init(unchecked: year, month, day)
    }

    /// Accepts exactly "YYYY-MM-DD"; "/" or "." work too when used for both separators.
    public init(iso text: String) throws(DateError) {
        let b = Array(text.utf8)
        guard b.count == 10, b[4] == b[7], [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ".")].contains(b[4]) else {
            throw .invalidFormat(text)
        }
        func number(_ range: Range<Int>) throws(DateError) -> Int {
            var value = 0
            for i in range {
                guard (0x30...0x39).contains(b[i]) else { throw .invalidFormat(text) }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        try self.init(year: number(0..<4), month: number(5..<7), day: number(8..<10))
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public var description: String { Self.format(year, month, day) }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil), for arithmetic and storage.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Inverse of `daysSinceEpoch` (civil_from_days). Traps outside years 1...9999.
    public init(daysSinceEpoch: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        precondition((1...9999).contains(year), "LocalDate supports years 1...9999")
        self.init(unchecked: year, month, day)
    }

    /// The calendar date at a UTC instant shifted by a fixed offset; floors so instants before 1970 land on the right day.
    public init(unixMilliseconds: Int64, utcOffsetSeconds: Int) {
        let seconds = Self.floorDiv(unixMilliseconds, 1000) + Int64(utcOffsetSeconds)
        self.init(daysSinceEpoch: Int(Self.floorDiv(seconds, 86_400)))
    }

    public func adding(days: Int) -> LocalDate {
        LocalDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Clamps the day to the target month's length, so Jan 31 + 1 month is the last day of February.
    public func adding(months: Int) -> LocalDate {
        let total = year * 12 + (month - 1) + months
        let newYear = Self.floorDiv(total, 12)
        let newMonth = total - newYear * 12 + 1
        precondition((1...9999).contains(newYear), "LocalDate supports years 1...9999")
        return LocalDate(unchecked: newYear, newMonth, min(day, Self.daysIn(year: newYear, month: newMonth)))
    }

    /// ISO weekday: Monday 1 ... Sunday 7 (1970-01-01 was a Thursday).
    public var weekday: Int {
        let r = (daysSinceEpoch + 3) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    public var firstOfMonth: LocalDate { LocalDate(unchecked: year, month, 1) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    private static func floorDiv<T: BinaryInteger>(_ a: T, _ b: T) -> T {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Writes the ten bytes directly: every stored envelope's date is formatted when it is hashed,
    /// so on a replay this runs once per event. Years are 1...9999 and months and days two digits.
    /// A day outside 0...99 only reaches here to be named in an error, and is written as it is.
    private static func format(_ year: Int, _ month: Int, _ day: Int) -> String {
        guard (0...99).contains(day) else { return format(year, month, 0).dropLast(2) + String(day) }
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func digits(_ n: Int, _ width: Int, at offset: Int) {
                var n = n
                for i in stride(from: offset + width - 1, through: offset, by: -1) {
                    bytes[i] = UInt8(ascii: "0") + UInt8(n % 10)
                    n /= 10
                }
            }
            digits(year, 4, at: 0); bytes[4] = UInt8(ascii: "-")
            digits(month, 2, at: 5); bytes[7] = UInt8(ascii: "-")
            digits(day, 2, at: 8)
            return 10
        }
    }
}

/// The order in which Xcode writes a String Catalog's keys: Foundation's
/// `localizedStandardCompare` (the Finder's order), which real catalogs show: letters
/// without regard to case ("Alarm is Snoozing" before "Alarm Off"), numbers by value
/// ("X2" before "x16"), and punctuation in Unicode's collation order, not ASCII's
/// ("%lld" before "${toggle}", "_" before "-" before "."). The collation is the root
/// locale's (CLDR), which Foundation uses on every machine with no language of its
/// own set.
///
/// For ASCII keys, which are all the keys the tool writes, this is that order exactly:
/// the tests hold it to Foundation's own `localizedStandardCompare` on random keys.
/// A character outside ASCII sorts after every ASCII character, by code point; Xcode's
/// place for such keys may differ (it sorts "é" with "e"), and the order is still one
/// order, so a second run changes nothing.
enum XcodeKeyOrder {
    /// Whether `a` comes before `b`.
    static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        precedes((a, SortKey(a)), (b, SortKey(b)))
    }

    /// `strings` in this order. Each string's sort key is made once, not once per
    /// comparison: a catalog's thousands of keys sort in n log n comparisons of keys.
    static func sorted(_ strings: some Sequence<String>) -> [String] {
        strings.map { ($0, SortKey($0)) }.sorted(by: precedes).map(\.0)
    }

    private static func precedes(_ first: (String, SortKey), _ second: (String, SortKey)) -> Bool {
        let (a, x) = first, (b, y) = second
        if x.primary != y.primary { return x.primary.lexicographicallyPrecedes(y.primary) }
        // Equal but for case: lower case first, at the first letter that differs.
        if x.upperCase != y.upperCase { return x.upperCase.lexicographicallyPrecedes(y.upperCase) { !$0 && $1 } }
        // Equal but for leading zeros: fewer first ("a1", "a01", "a001").
        if x.leadingZeros != y.leadingZeros { return x.leadingZeros.lexicographicallyPrecedes(y.leadingZeros) }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// ASCII's punctuation and symbols in collation order (CLDR root): whitespace, then
    /// punctuation, then symbols, the currency sign last; digits and letters follow.
    private static let symbols = Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)
    private static let symbolRank: [UInt32: Int] = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1.value, $0) })

    /// One unit of the comparison: a symbol, a run of digits (by value), a letter
    /// (folded to lower case), or any other scalar.
    private enum Element: Comparable {
        case symbol(Int)
        /// The digits without leading zeros ("0" for zero).
        case number([UInt8])
        case letter(UInt32)
        case other(UInt32)

        private var group: Int {
            switch self {
            case .symbol: 0
            case .number: 1
            case .letter: 2
            case .other: 3
            }
        }

        static func < (a: Element, b: Element) -> Bool {
            switch (a, b) {
            case (.symbol(let x), .symbol(let y)): x < y
            case (.number(let x), .number(let y)): x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
            case (.letter(let x), .letter(let y)), (.other(let x), .other(let y)): x < y
            default: a.group < b.group
            }
        }
    }

    private struct SortKey {
        var primary: [Element] = []
        /// Per letter, whether it is upper case.
        var upperCase: [Bool] = []
        /// Per number, its leading zeros.
        var leadingZeros: [Int] = []

        init(_ string: String) {
            let scalars = Array(string.unicodeScalars)
            var index = 0
            func digit(_ i: Int) -> UInt8? {
                i < scalars.count && ("0"..."9").contains(scalars[i]) ? UInt8(scalars[i].value - 0x30) : nil
            }
            while index < scalars.count {
                if digit(index) != nil {
                    var digits: [UInt8] = []
                    var zeros = 0
                    while let value = digit(index) {
                        if digits.isEmpty && value == 0 { zeros += 1 } else { digits.append(value) }
                        index += 1
                    }
                    if digits.isEmpty { (digits, zeros) = ([0], zeros - 1) }
                    primary.append(.number(digits))
                    leadingZeros.append(zeros)
                    continue
                }
                let value = scalars[index].value
                if ("A"..."Z").contains(scalars[index]) || ("a"..."z").contains(scalars[index]) {
                    primary.append(.letter(value | 0x20))
                    upperCase.append(value < 0x61)
                } else if let rank = XcodeKeyOrder.symbolRank[value] {
                    primary.append(.symbol(rank))
                } else {
                    primary.append(.other(value))
                }
                index += 1
            }
        }
    }
}

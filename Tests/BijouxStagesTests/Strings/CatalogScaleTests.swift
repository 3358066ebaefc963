import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit

/// Issue 36, item 4: a String Catalog near its 4 MiB cap cost every build about 20 s,
/// a no-op included, growing with the square of its keys: the checks listed the
/// catalog's languages, which goes through every key, once per key. The planning of the
/// strings stage (reading, updating, checking, writing the catalog) now goes through the
/// keys a fixed number of times, whatever their number; counted, not timed
/// (`LanguageScans`), so the test says the same on any machine.
@Suite("A String Catalog at scale")
struct CatalogScaleTests {
    /// A catalog of `count` keys, each with an `en` and a translated `fr` text.
    static func catalog(keys count: Int) -> String {
        let entries = (0..<count).map { index in
            #""x\#(String(format: "%04d", index))" : {"comment" : "a phrase", "extractionState" : "manual", "localizations" : {"#
                + #""en" : {"stringUnit" : {"state" : "new", "value" : "hand-drawn bijou"}}, "#
                + #""fr" : {"stringUnit" : {"state" : "translated", "value" : "bijou dessiné à la main"}}}}"#
        }
        return #"{"sourceLanguage" : "en", "strings" : {"# + entries.joined(separator: ",\n") + #"}, "version" : "1.0"}"#
    }

    /// The keys the strings stage's planning goes through listing languages, and the
    /// number of keys in the catalog it ships (BijouxKit's phrases added).
    static func scans(keys count: Int) throws -> (scans: Int, keys: Int) {
        let folder = TestPaths.temporaryFolder("strings-scale")
        folder.write("art/Localizable.xcstrings", catalog(keys: count))
        let art = try ArtFolder(folder.path + "/art")
        LanguageScans.count = 0
        let plan = try StringsStage.plan(art)
        let scans = LanguageScans.count
        #expect(plan.jobs.count == 1)
        return (scans, count + SpokenWords.phrases.count)
    }

    @Test func planningGoesThroughTheKeysAFixedNumberOfTimes() throws {
        let small = try Self.scans(keys: 1000), large = try Self.scans(keys: 8000)
        print("languages listed over \(small.scans) keys for \(small.keys), \(large.scans) for \(large.keys)")
        #expect(small.scans <= 4 * small.keys && large.scans <= 4 * large.keys)
        // Linear: eight times the keys, about eight times the work (quadratic was 64).
        #expect(Double(large.scans) / Double(small.scans) < 9)
    }
}

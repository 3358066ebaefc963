import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Issue 36, item 1: one set of rules for every route. A charm and an icon with one
/// name are refused by `build`, and were passed by `check` ("up to date") and written by
/// `charm <id>` (two image sets named `sun` in one catalog). Every route now refuses
/// the art with `build`'s error, before anything is written.
@Suite("Name clashes through every route", .tags(.slow), .notInFastRun)
struct NameClashTests {
    static let icon =
        #"""
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><circle cx="12" cy="12" r="6" fill="none" stroke="currentColor" \#
        stroke-width="1.75"/></svg>
        """#

    static func error(_ folder: TemporaryFolder) -> String {
        """
        \(folder.path)/art: error: two image sets are named 'sun' (in Assets.xcassets/Charms and Assets.xcassets/Icons); the app finds them by name alone, so \
        rename one\n
        """
    }

    /// The audit's reproduction: a folder built from the art before the clash, then an
    /// icon named as a charm added; `charm sun`, `check` and `build` each say what
    /// `build` says, exit 1, and the folder keeps every byte.
    @Test func charmCheckAndBuildRefuseTheClashAndWriteNothing() throws {
        let folder = TestPaths.temporaryFolder("clash-cli")
        EngineFixtures.makeArt(folder)
        let places = ["--art", folder.path + "/art", "--out", folder.path + "/out"]
        let first = try CLI.run(["build", "--quiet"] + places)
        #expect(first.status == 0, "\(first.stderr)")
        let before = OutputFolder.snapshot(folder.path + "/out")
        folder.write("art/icons/sun.svg", Self.icon)
        for route in [["charm", "sun"], ["check"], ["check", "--trust-cache"], ["build"]] {
            let result = try CLI.run(route + places)
            // check's exit status for an error is 2 (1 is its "changed").
            #expect(result.status == (route[0] == "check" ? 2 : 1), "\(route): \(result.stdout)")
            #expect(result.stderr == Self.error(folder), "\(route)")
            #expect(OutputFolder.snapshot(folder.path + "/out") == before, "\(route)")
            #expect(OutputFolder.leftovers(folder.path + "/out").isEmpty, "\(route)")
        }
        // Into a folder that is not there yet, `charm` makes none.
        let fresh = try CLI.run(["charm", "sun", "--art", folder.path + "/art", "--out", folder.path + "/fresh"])
        #expect(fresh.status == 1 && fresh.stderr == Self.error(folder))
        #expect(!folder.exists("fresh"))
    }

    /// `watch` builds with the engine's build, so its rebuild fails the same way.
    @Test func watchRefusesTheClash() throws {
        let folder = TestPaths.temporaryFolder("clash-watch")
        EngineFixtures.makeArt(folder)
        folder.write("art/icons/sun.svg", Self.icon)
        var options = EngineFixtures.options(folder)
        options.followsConfiguredStrict = false
        guard case .failure(let error) = ArtWatcher.attempt(options) else {
            Issue.record("the clash was built")
            return
        }
        #expect(error.diagnostic.line(.error) + "\n" == Self.error(folder))
        #expect(!folder.exists("out"))
    }

    /// Names that differ in letter case alone clash too, in every route: an icon `Sun`
    /// beside the charm `sun` is one file on a Mac's disk.
    @Test func aClashInLetterCaseIsRefusedByEveryRoute() throws {
        let folder = TestPaths.temporaryFolder("clash-case")
        EngineFixtures.makeArt(folder)
        folder.write("art/icons/Sun.svg", Self.icon)
        let message =
            """
            \(folder.path)/art: image sets 'Sun' and 'sun' differ only in letter case; on a Mac's disk and in Xcode they are one name, so rename one (in \
            Assets.xcassets/Charms and Assets.xcassets/Icons)
            """
        #expect { try BuildEngine.check(EngineFixtures.options(folder)) } throws: { "\($0)" == message }
        #expect { try BuildEngine.build(EngineFixtures.options(folder, only: ["moon"])) } throws: { "\($0)" == message }
        #expect { try BuildEngine.build(EngineFixtures.options(folder)) } throws: { "\($0)" == message }
        #expect(!folder.exists("out"))
    }
}

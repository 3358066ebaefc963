import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// A headless Chromium, found on PATH (Debian's `chromium`, installed by `make deps`)
/// or where macOS keeps Chrome and Chromium; `BIJOUX_CHROMIUM` overrides.
enum Browser {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["BIJOUX_CHROMIUM"], !chosen.isEmpty { return chosen }
        let folders = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) { return folder + "/" + name }
        }
        for app in ["/Applications/Chromium.app/Contents/MacOS/Chromium", "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]
        where FileManager.default.isExecutableFile(atPath: app) {
            return app
        }
        return nil
    }()

    /// `make test` (which installs the browser first) and CI must run the browser test:
    /// there, a missing browser is a failure, not a skip. A bare `swift test` skips it.
    static let required = ["CI", "BIJOUX_REQUIRE_BROWSER"].contains { ProcessInfo.processInfo.environment[$0] != nil }

    /// Runs the browser headless on a page with its own throwaway profile (inside
    /// `profile`, removed with it) and returns stdout and the log.
    static func run(_ arguments: [String], profile: String) throws -> (stdout: String, log: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000",
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        // Chromium's caches and crash reports go under HOME: keep them in the profile. (Its
        // singleton socket goes in TMPDIR, whose path must stay short; it removes it.)
        environment["HOME"] = profile
        process.environment = environment
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let logPath = profile + "/chromium.log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        let out = Pipe()
        process.standardOutput = out
        process.standardError = log
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try log.close()
        return (String(decoding: outData, as: UTF8.self), String(decoding: FileManager.default.contents(atPath: logPath) ?? Data(), as: UTF8.self))
    }
}

extension Trait where Self == ConditionTrait {
    /// A suite that opens pages in the browser: run where one is found, and wherever it
    /// is required (`Browser.required`), where a missing browser then fails its tests.
    static var needsBrowser: Self {
        .enabled(
            if: Browser.path != nil || Browser.required,
            "no Chromium or Chrome found: `make deps` installs Debian's chromium; on macOS install Google Chrome or Chromium, or set BIJOUX_CHROMIUM")
    }
}

/// The contact sheet of the sample art (plus a charm painted on a hazy matte) opened
/// in a real headless Chromium: every card and view there, every image loaded, no
/// console message, the hazy charm flagged. A screenshot is kept in
/// build/test-artifacts/ to look at.
@Suite("Contact sheet in a browser", .tags(.slow), .notInFastRun, .needsBrowser)
struct ContactSheetBrowserTests {
    static let artifacts = TestPaths.packageRoot + "/build/test-artifacts"

    /// A note that would mark the page's body if a browser ran it as markup.
    static func scriptNote(_ source: String) -> String { "<img src=x onerror=\"document.body.dataset.pwned='\(source)'\">" }

    /// `scriptNote(source)` as the browser's DOM holds it when it is shown as text.
    static func scriptNoteAsText(_ source: String) -> String { ">&lt;img src=x onerror=\"document.body.dataset.pwned='\(source)'\"&gt;" }

    /// The sample art with one more charm, `haze`, on a matte whose floor is 14, whose
    /// note (and the cat's German one) is markup that runs a script if not escaped.
    static func artWithAHazyCharm(_ folder: TemporaryFolder) throws {
        try FileManager.default.copyItem(atPath: TestPaths.art, toPath: folder.path + "/art")
        let tablePath = folder.path + "/art/charms.json"
        var table = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tablePath))) as! [String: Any]
        var charms = table["charms"] as! [[String: Any]]
        charms.append(["id": "haze", "displayName": "Haze", "note": Self.scriptNote("note"), "swayDuration": 3])
        table["charms"] = charms
        try JSONSerialization.data(withJSONObject: table).write(to: URL(fileURLWithPath: tablePath))
        // German and Japanese beside the sample's French: a German name too long for the
        // island, a Japanese one of wide characters too wide for it.
        let catalogPath = folder.path + "/art/Localizable.xcstrings"
        var catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: catalogPath))) as! [String: Any]
        var strings = catalog["strings"] as! [String: Any]
        for (key, language, value) in [
            ("charm.heart.displayName", "de", "Herzallerliebstes Schmuckstück"), ("charm.star.displayName", "ja", "きらきらひかるおほしさまのおまもり"),
            ("charm.cat.note", "de", Self.scriptNote("translation")),
        ] {
            var entry = strings[key] as! [String: Any]
            var localizations = entry["localizations"] as! [String: Any]
            localizations[language] = ["stringUnit": ["state": "translated", "value": value]]
            entry["localizations"] = localizations
            strings[key] = entry
        }
        catalog["strings"] = strings
        try JSONSerialization.data(withJSONObject: catalog).write(to: URL(fileURLWithPath: catalogPath))
        folder.write(
            "art/charms/haze.png",
            PNGEncoder.encode(
                Synthetic.paintedDisc(width: 200, height: 180, center: (100, 90), radius: 60, softness: 4, color: (200, 120, 220), matte: 14), as: .rgb))
    }

    @Test
    func thePageLoadsCleanWithEveryCardAndView() throws {
        try #require(Browser.path != nil, "CI must run the browser test, and no Chromium was found (make deps installs it)")
        let folder = TestPaths.temporaryFolder("browser")
        try Self.artWithAHazyCharm(folder)
        let report = try BuildEngine.build(BuildEngine.Options(artFolder: folder.path + "/art", outputFolder: folder.path + "/out"))
        #expect(report.warnings.contains { $0.subject.hasSuffix("haze.png") })
        let page = URL(fileURLWithPath: folder.path + "/out/" + ContactSheetPage.path).absoluteString

        let (dom, log) = try Browser.run(["--dump-dom", page], profile: folder.path + "/profile")
        let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(console.isEmpty, "console messages:\n\(console.joined(separator: "\n"))")

        func count(_ text: String) -> Int { dom.components(separatedBy: text).count - 1 }
        let ids = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/art/charms.json"))) as! [String: Any]
        for charm in ids["charms"] as! [[String: Any]] {
            #expect(count("data-asset=\"charm:\(charm["id"] as! String)\"") == 1, "\(charm["id"]!)")
        }
        #expect(count("data-asset=\"charm:") == 13)
        let icons = try FileManager.default.contentsOfDirectory(atPath: TestPaths.art + "/icons").filter { $0.hasSuffix(".svg") }
        for icon in icons { #expect(count("data-asset=\"icon:\(icon.dropLast(4))\"") == 1) }
        #expect(count("data-asset=\"icon:") == icons.count)
        for variant in ["default", "dark", "tinted"] { #expect(count("data-asset=\"appicon:\(variant)\"") == 1) }
        for view in ["island", "dish", "bracelet", "icons", "home"] { #expect(count("data-view=\"\(view)\"") == 1, "\(view)") }

        // Every image loaded (the page's script counts them after the load event).
        let images = try #require(dom.firstMatch(of: /data-images="(\d+)\/(\d+)"/), "the page's script did not run; the browser said:\n\(log.suffix(3000))")
        #expect(images.output.1 == images.output.2 && Int(images.output.2)! > 100, "\(images.output.0)")
        #expect(!dom.contains("data-broken=\""))
        #expect(!dom.contains("data-overflows=\""), "a name does not fit on the island")
        // The hazy charm warns, and the top says so.
        #expect(dom.contains("data-asset=\"charm:haze\" data-warnings=\""))
        #expect(dom.contains("data-warned=\"1\""))

        // The language switch: every language of the catalog and the double-length one;
        // `?lang=` picks one, and the cards' and the island's names and notes follow.
        #expect(dom.contains("<html lang=\"en\" data-ground=\"dark\" data-outlines=\"off\" data-language=\"en\""))
        for option in ["en", "de", "fr", "ja", "double-length"] { #expect(dom.contains("<option value=\"\(option)\"")) }
        func shown(_ language: String) throws -> String {
            let (dom, log) = try Browser.run(["--dump-dom", page + "?lang=" + language], profile: folder.path + "/profile")
            let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }
            #expect(console.isEmpty, "\(language): console messages:\n\(console.joined(separator: "\n"))")
            #expect(dom.contains("data-language=\"\(language)\""), "\(language)")
            return dom
        }
        /// The elements showing `key` (opening tag and text).
        func elements(_ dom: String, _ key: String) -> [String] {
            dom.matches(of: try! Regex("<[a-z0-9]+ [^>]*data-text-key=\"\(key)\"[^>]*>[^<]*")).map { String(dom[$0.range]) }
        }
        // Notes that are markup are shown as text, and ran nothing.
        #expect(!dom.contains("data-pwned"))
        #expect(elements(dom, "charm.haze.note").count == 1 && elements(dom, "charm.haze.note").allSatisfy { $0.hasSuffix(Self.scriptNoteAsText("note")) })
        let french = try shown("fr")
        #expect(elements(french, "charm.cat.displayName").contains { $0.hasPrefix("<h3 ") && $0.hasSuffix(">Chat") })
        #expect(elements(french, "charm.cat.note").count == 1 && elements(french, "charm.cat.note")[0].hasSuffix(">je ronronne parce que tu existes"))
        // The island's names: the first three charms, in French.
        let islandNames = elements(french, "charm.heart.displayName").filter { $0.hasPrefix("<span class=\"name\"") }
        #expect(islandNames.count == 1 && islandNames[0].hasSuffix(">Cœur"), "\(islandNames)")
        #expect(!french.contains("data-too-wide=\"") && !french.contains("data-overflows=\""))
        // German: the heart's name is too wide, on the island and on its card, and says why;
        // the untranslated rest is shown in English, marked.
        let german = try shown("de")
        #expect(!german.contains("data-pwned"))
        #expect(elements(german, "charm.cat.note").count == 1 && elements(german, "charm.cat.note")[0].hasSuffix(Self.scriptNoteAsText("translation")))
        let heart = elements(german, "charm.heart.displayName")
        #expect(heart.count == 2 && heart.allSatisfy { $0.contains("data-too-wide=\"true\"") && $0.hasSuffix(">Herzallerliebstes Schmuckstück") }, "\(heart)")
        #expect(
            heart.allSatisfy {
                $0.contains("title=\"the name &quot;Herzallerliebstes Schmuckstück&quot; is 30 characters; at most 26 fit three-up on the island\"")
            })
        #expect(elements(german, "charm.cat.displayName").count == 2)
        #expect(elements(german, "charm.cat.displayName").allSatisfy { $0.contains("data-fallback=\"true\"") && $0.hasSuffix(">Cat") })
        // Japanese: 17 wide characters are 34 columns, too wide though fewer than 26.
        let star = elements(try shown("ja"), "charm.star.displayName")
        #expect(star.count == 2 && star.allSatisfy { $0.contains("data-too-wide=\"true\"") && $0.contains("34 characters wide") }, "\(star)")
        // Double length: every text twice; the clover's name no longer fits.
        let doubled = try shown("double-length")
        #expect(elements(doubled, "charm.cat.note").count == 1)
        #expect(elements(doubled, "charm.cat.note").allSatisfy { $0.hasSuffix(">purring because you exist purring because you exist") })
        #expect(elements(doubled, "charm.clover.displayName").count == 1)
        #expect(
            elements(doubled, "charm.clover.displayName").allSatisfy {
                $0.contains("data-too-wide=\"true\"") && $0.hasSuffix(">Four-Leaf Clover Four-Leaf Clover")
            })
        #expect(elements(doubled, "charm.heart.displayName").count == 2 && !elements(doubled, "charm.heart.displayName")[0].contains("data-too-wide"))

        try FileManager.default.createDirectory(atPath: Self.artifacts, withIntermediateDirectories: true)
        let screenshot = Self.artifacts + "/contact-sheet.png"
        _ = try Browser.run(["--window-size=1280,3600", "--screenshot=\(screenshot)", page], profile: folder.path + "/profile")
        let shot = try PNGDecoder.decodeFile(screenshot)
        #expect(shot.width == 1280 && shot.height == 3600)
    }

    /// Issue 45, finding 7: the French note `ronronne <!--<script>` put the parser in the
    /// language data's escaped state, which ran the element on over the page's own
    /// script: no language switch, no reload, no image count. The page's script runs.
    @Test
    func aCommentOpenerInATranslationLeavesThePageScriptRunning() throws {
        try #require(Browser.path != nil, "CI must run the browser test, and no Chromium was found (make deps installs it)")
        let folder = TestPaths.temporaryFolder("browser-comment")
        try FileManager.default.copyItem(atPath: TestPaths.art, toPath: folder.path + "/art")
        try FileManager.default.removeItem(atPath: folder.path + "/art/music")  // no part of the page's script, and slow to make
        let catalogPath = folder.path + "/art/Localizable.xcstrings"
        let catalog = try String(contentsOfFile: catalogPath, encoding: .utf8)
        let note = "ronronne <!--<script>"
        try #require(catalog.contains("\"je ronronne parce que tu existes\""))
        try catalog.replacingOccurrences(of: "\"je ronronne parce que tu existes\"", with: "\"\(note)\"").write(
            toFile: catalogPath, atomically: true, encoding: .utf8)
        try BuildEngine.build(BuildEngine.Options(artFolder: folder.path + "/art", outputFolder: folder.path + "/out"))
        let page = URL(fileURLWithPath: folder.path + "/out/" + ContactSheetPage.path).absoluteString
        let (dom, log) = try Browser.run(["--dump-dom", page + "?lang=fr"], profile: folder.path + "/profile")
        #expect(dom.contains("data-language=\"fr\""), "the page's script did not run; the browser said:\n\(log.suffix(3000))")
        let images = try #require(dom.firstMatch(of: /data-images="(\d+)\/(\d+)"/), "the page's script did not count the images")
        #expect(images.output.1 == images.output.2 && Int(images.output.2)! > 50, "\(images.output.0)")
        #expect(dom.contains(/data-text-key="charm.cat.note"[^>]*>ronronne &lt;!--&lt;script&gt;</), "the note is not shown as its text")
    }

    /// A palette alone: the page has its cards and nothing else, and Chromium draws a
    /// Display P3 swatch (`color(display-p3 …)`, CSS Color 4) as its sRGB equivalent,
    /// the Macbeth orange (223, 124, 44) that color.js converts it from.
    @Test
    func aDisplayP3SwatchIsDrawnAsItsSRGBEquivalent() throws {
        try #require(Browser.path != nil, "CI must run the browser test, and no Chromium was found (make deps installs it)")
        let folder = TestPaths.temporaryFolder("browser-palette")
        folder.write(
            "art/palette.json",
            ##"{"colors": {"paper": "#171513", "amber": {"any": "color(display-p3 0.82251 0.50571 0.24813)", "highContrast": "#FFFFFF80"}}}"##)
        try BuildEngine.build(BuildEngine.Options(artFolder: folder.path + "/art", outputFolder: folder.path + "/out"))
        let page = URL(fileURLWithPath: folder.path + "/out/" + ContactSheetPage.path).absoluteString
        let (dom, log) = try Browser.run(["--dump-dom", page], profile: folder.path + "/profile")
        #expect(log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.isEmpty)
        #expect(dom.contains("data-asset=\"colour:amber\"") && !dom.contains("data-view=") && !dom.contains("id=\"app-icon\""))
        let screenshot = folder.path + "/palette.png"
        _ = try Browser.run(
            ["--force-color-profile=srgb", "--window-size=900,700", "--screenshot=\(screenshot)", page], profile: folder.path + "/profile")
        guard case .rgba8(let shot, _) = try PNGDecoder.decodeFile(screenshot) else {
            Issue.record("the screenshot is not an 8-bit PNG")
            return
        }
        var orange = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let pixel = shot[x, y]
                if abs(Int(pixel.r) - 223) <= 2 && abs(Int(pixel.g) - 124) <= 2 && abs(Int(pixel.b) - 44) <= 2 { orange += 1 }
            }
        }
        // The swatch is 104×64 CSS pixels, its border and rounded corners aside.
        #expect(orange > 5000, "\(orange) pixels of the swatch's sRGB orange")
    }
}

import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxTestKit
@testable import BijouxTestSupport

@Suite("Generated CharmTable.swift")
struct CharmTableSwiftTests {
    static let twoCharms = CharmTableSource(charms: [
        CharmEntry(id: "star", displayName: "Star", note: "shine on", swayDuration: 2.4),
        CharmEntry(id: "coffee-cup", displayName: "Coffee Cup", note: "a warm one", swayDuration: 4.4),
    ])

    static func generate(_ table: CharmTableSource) throws -> String {
        try CharmTableSwift.generate(table, source: "art/charms.json", file: "/tmp/x/art/charms.json")
    }

    /// Every reserved word that is a valid id, awkward ids, and strings that would
    /// break a naive literal: what the compiler must accept.
    static let awkwardTable: CharmTableSource = {
        let reserved = SwiftIdentifier.reservedWords.filter { AssetName.isValid($0) && $0.first!.isLowercase }.sorted()
        let ids =
            ["star", "coffee-cup"] + reserved + [
                "Type", "Any", "8-ball", "URL-box", "snake_case", "allCases", "rawValue", "imageName", "sway", "hashValue", "displayNameKey",
                "localizedDisplayName", "stringsBundle",
            ]
        let names = [
            #"say "hi" \(x) #{ \"#, "line\nbreak\tand\r", "💛 é 漢字", "\u{202E}rtl\u{2028}", "/* not */ // a comment",
            "\u{0}\u{7F}", #""""#,
        ]
        return CharmTableSource(
            charms: ids.enumerated().map { index, id in
                let text = names[index % names.count]
                return CharmEntry(id: id, displayName: text, note: text + " note " + id, swayDuration: 0.05 + Double(index) * 0.08)
            })
    }()

    @Test func headerOrderAndLayout() throws {
        let text = try Self.generate(Self.twoCharms)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "// Generated from art/charms.json by bijoux-assets. Do not edit.")
        #expect(lines[1] == "// swiftlint:disable all")
        #expect(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"))
        #expect(!text.contains("\n\n\n") && !text.contains(" \n"))
        #expect(!text.contains("/tmp"))
        // Table order, raw value = id.
        let star = try #require(text.range(of: "    case star = \"star\"\n"))
        let cup = try #require(text.range(of: "    case coffeeCup = \"coffee-cup\"\n"))
        #expect(star.lowerBound < cup.lowerBound)
        #expect(text.contains("        case .coffeeCup: return \"coffee-cup\"\n"))
        #expect(text.contains("        case .coffeeCup: return \"Coffee Cup\"\n"))
        #expect(text.contains("        case .coffeeCup: return CharmSway(duration: 4.4)\n"))
        #expect(text.contains("    /// What the charm is called, at most 26 characters, in the table's language.\n"))
        // The keys of the String Catalog, as BijouxKit makes them.
        #expect(text.contains("        case .coffeeCup: return \"charm.coffee-cup.displayName\"\n"))
        #expect(text.contains("        case .star: return \"charm.star.note\"\n"))
        // Only the table: the model is BijouxKit's, imported, never written out; the
        // localized words come from BijouxKit's LocalizableCharm, given the bundle, which
        // the file declares for itself (so it compiles without CatalogSymbols.swift).
        #expect(lines[3] == "import BijouxKit" && lines[4] == "import Foundation")
        let bundle = GeneratedBundle.declaration(name: "generatedStringsBundle", token: "BijouxStringsBundleToken")
        #expect(text.hasSuffix("}\n\n" + bundle))
        let table = String(text.dropLast(bundle.count))
        for declaration in ["struct", "func", "extension", "CharmPhysics", "CharmLimits", "CharmArt", "CharmStrings", "#if"] {
            #expect(!table.contains(declaration), "the generated file declares or names \(declaration)")
        }
        #expect(table.components(separatedBy: "static").count == 2)
        #expect(table.contains("    public static var stringsBundle: Bundle { generatedStringsBundle }\n"))
        let types = lines.filter { $0.hasPrefix("public ") }
        #expect(types == ["public enum CharmType: String, CaseIterable, Codable, Sendable, LocalizableCharm {"])
        #expect(try Self.generate(Self.twoCharms) == text)
    }

    @Test func anEmptyTableIsAnError() {
        #expect {
            _ = try Self.generate(CharmTableSource(charms: []))
        } throws: { error in
            "\(error)" == "/tmp/x/art/charms.json: field 'charms': the table has no charms; the app needs at least one"
        }
    }

    @Test(.tags(.slow), .notInFastRun) func theGeneratedFileTypeChecksAgainstBijouxKit() throws {
        let folder = TestPaths.temporaryFolder("typecheck")
        let kit = BijouxKitModule.shared.result
        try #require(kit.status == 0, "\(kit.output)")
        folder.write("CharmTable.swift", try Self.generate(Self.awkwardTable))
        // Swift 5 language mode, as many app targets still use; the run below is Swift 6.
        let result = try SwiftCompiler.run(
            ["-typecheck", "-swift-version", "5", "-warnings-as-errors"] + BijouxKitModule.importArguments + ["CharmTable.swift"],
            in: folder.path)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Compiles BijouxKit into a module, then the table generated from the sample art
    /// with a small program linked against it that prints every value and steps every
    /// charm through tilts and flicks; its output must be the SPEC's formulas (k, the
    /// damping) and BijouxKit's step as the tool runs it, line by line and bit for bit.
    @Test(.tags(.slow), .notInFastRun, arguments: ["sample art", "awkward table"])
    func theGeneratedTableRunsOnBijouxKit(_ which: String) throws {
        let table =
            which == "sample art"
            ? try CharmTableSource.parse(
                Array(FileManager.default.contents(atPath: TestPaths.art + "/charms.json")!), file: "art/charms.json")
            : Self.awkwardTable
        try #require(table.charms.count >= (which == "sample art" ? 12 : 20))
        var inputs: [(gx: Double, gy: Double, rz: Double)] = []
        for tick in 0..<240 {
            let tilt = tick < 10 ? 0 : tick < 90 ? 0.5 : tick < 160 ? 1.3 : -0.35
            let flick = tick == 40 ? 2.5 : tick == 130 ? -1.75 : tick == 200 ? 0.3 : 0
            // Upside down for a while: gravity's y turns positive.
            let upsideDown = (170..<190).contains(tick)
            inputs.append((sin(tilt), upsideDown ? cos(tilt) : -cos(tilt), flick))
        }
        let program = """
            import BijouxKit
            import Foundation

            let inputs: [(Double, Double, Double)] = [
            \(inputs.map { "    (\($0.gx), \($0.gy), \($0.rz))," }.joined(separator: "\n"))
            ]
            func show(_ text: String) { print(String(reflecting: text)) }
            print(String(decoding: try JSONEncoder().encode(CharmType.allCases), as: UTF8.self))
            print(try JSONDecoder().decode([CharmType].self, from: JSONEncoder().encode(CharmType.allCases)) == CharmType.allCases)
            print(CharmPhysics.dampingRatio, CharmPhysics.maxRestAngle, CharmPhysics.kickGain, CharmPhysics.hapticIntensity)
            print(CharmPhysics.tickRate, CharmPhysics.tickInterval, CharmPhysics.referenceStiffness, CharmPhysics.stiffnessPerSecond, \
            CharmPhysics.referenceSwayDuration)
            print(CharmLimits.dishCapacity, CharmLimits.maxWorn, CharmLimits.maxNameLength, CharmArt.aspect)
            for charm in CharmType.allCases {
                print(charm.rawValue, charm)
                show(charm.imageName)
                show(charm.displayName)
                show(charm.stockNote)
                print(charm.displayNameKey, charm.stockNoteKey, charm.localizedDisplayName == charm.displayName, charm.localizedStockNote(in: "fr") == \
            charm.stockNote)
                let sway = charm.sway
                print(sway.duration, sway.stiffness, sway.damping, sway.naturalFrequency, sway.dampedFrequency, sway.dampedPeriod, sway.settlingTime)
                var pendulum = CharmPendulum()
                for (gx, gy, rz) in inputs {
                    pendulum = CharmPhysics.step(pendulum, sway: sway, gravityX: gx, gravityY: gy, rotationRateZ: rz)
                    print(pendulum.angle, pendulum.velocity)
                }
            }

            """
        var expected: [String] = []
        func show(_ text: String) { expected.append(String(reflecting: text)) }
        // The SPEC's numbers, written out here rather than read from BijouxKit.
        let dt = 1 / 60.0
        expected.append("[" + table.charms.map { "\"\($0.id)\"" }.joined(separator: ",") + "]")
        expected.append("true")
        expected.append("0.42 0.6 0.9 0.9")
        expected.append("60.0 \(dt) 20.0 14.0 5.0")
        expected.append("12 3 26 \(110.0 / 120.0)")
        for charm in table.charms {
            expected.append("\(charm.id) \(SwiftIdentifier.caseName(for: charm.id).filter { $0 != "`" })")
            show(CharmTableJSON.imageName(for: charm))
            show(charm.displayName)
            show(charm.note)
            // No strings beside the program: every lookup falls back to the table's text.
            expected.append("charm.\(charm.id).displayName charm.\(charm.id).note true true")
            let sway = CharmSway(duration: charm.swayDuration)
            // SPEC: k = 20 + 14·(5 − d), damping 2·0.42·√k.
            let d = charm.swayDuration, k = 20 + 14 * (5.0 - d)
            #expect(sway.stiffness == k && sway.damping == 2 * 0.42 * k.squareRoot(), "\(charm.id)")
            expected.append("\(d) \(k) \(2 * 0.42 * k.squareRoot()) \(sway.naturalFrequency) \(sway.dampedFrequency) \(sway.dampedPeriod) \(sway.settlingTime)")
            // SPEC's step, literally: the rest angle, the spring and damping, the kick.
            var angle = 0.0, velocity = 0.0
            for input in inputs {
                let target = min(max(atan2(input.gx, -input.gy), -0.6), 0.6)
                velocity += (-k * (angle - target) - 2 * 0.42 * k.squareRoot() * velocity) * dt
                velocity += -input.rz * 0.9
                angle += velocity * dt
                expected.append("\(angle) \(velocity)")
            }
        }

        let folder = TestPaths.temporaryFolder("simulate")
        let kit = BijouxKitModule.shared.result
        try #require(kit.status == 0, "\(kit.output)")
        folder.write("CharmTable.swift", try Self.generate(table))
        folder.write("main.swift", program)
        let build = try SwiftCompiler.run(
            ["-swift-version", "6", "-warnings-as-errors", "-module-name", "CharmApp"] + BijouxKitModule.linkArguments
                + ["CharmTable.swift", "main.swift", "-o", "simulate"],
            in: folder.path)
        try #require(build.status == 0, "\(build.output)")
        let run = try SwiftCompiler.execute(folder.path + "/simulate", in: folder.path)
        try #require(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(lines.count == expected.count)
        for (index, (got, want)) in zip(lines, expected).enumerated() where got != want {
            Issue.record("line \(index + 1): the generated table on BijouxKit printed \(got), SPEC says \(want)")
            break
        }
    }
}

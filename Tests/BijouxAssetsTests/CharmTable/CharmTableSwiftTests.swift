import Foundation
import Testing

@testable import BijouxAssets

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
        let reserved = SwiftIdentifier.reservedWords.filter { CharmTableRules.isValidID($0) && $0.first!.isLowercase }.sorted()
        let ids = ["star", "coffee-cup"] + reserved + [
            "Type", "Any", "8-ball", "URL-box", "snake_case", "allCases", "rawValue", "imageName", "sway", "hashValue",
        ]
        let names = [
            #"say "hi" \(x) #{ \"#, "line\nbreak\tand\r", "💛 é 漢字", "\u{202E}rtl\u{2028}", "/* not */ // a comment",
            "\u{0}\u{7F}", #""""#,
        ]
        return CharmTableSource(charms: ids.enumerated().map { index, id in
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
        // Constants come from the tool's own values, written shortest round-trip.
        #expect(text.contains("    public static let dampingRatio: Double = 0.42\n"))
        #expect(text.contains("    public static let tickRate: Double = 60\n"))
        #expect(text.contains("    public static let dishCapacity: Int = 12\n"))
        #expect(text.contains("    public static let aspect: Double = 0.9166666666666666\n"))
        #expect(try Self.generate(Self.twoCharms) == text)
    }

    @Test func anEmptyTableIsAnError() {
        #expect {
            _ = try Self.generate(CharmTableSource(charms: []))
        } throws: { error in
            "\(error)" == "/tmp/x/art/charms.json: field 'charms': the table has no charms; the app needs at least one"
        }
    }

    @Test func theGeneratedFileTypeChecksOnItsOwn() throws {
        let folder = TestPaths.temporaryFolder("typecheck")
        folder.write("CharmTable.swift", try Self.generate(Self.awkwardTable))
        // Swift 5 language mode, as many app targets still use; the run below is Swift 6.
        let result = try SwiftCompiler.run(["-typecheck", "-swift-version", "5", "-warnings-as-errors", "CharmTable.swift"], in: folder.path)
        #expect(result.status == 0, "\(result.output)")
    }

    /// Compiles the generated file with a small program that prints every value and
    /// steps every charm through tilts and flicks, and compares its output with the
    /// tool's own model, line by line and bit for bit.
    @Test func theGeneratedCodeBehavesExactlyLikeTheToolsModel() throws {
        let table = Self.awkwardTable
        var inputs: [(gx: Double, gy: Double, rz: Double)] = []
        for tick in 0..<240 {
            let tilt = tick < 10 ? 0 : tick < 90 ? 0.5 : tick < 160 ? 1.3 : -0.35
            let flick = tick == 40 ? 2.5 : tick == 130 ? -1.75 : tick == 200 ? 0.3 : 0
            // Upside down for a while: gravity's y turns positive.
            let upsideDown = (170..<190).contains(tick)
            inputs.append((sin(tilt), upsideDown ? cos(tilt) : -cos(tilt), flick))
        }
        let program = """
            import Foundation

            let inputs: [(Double, Double, Double)] = [
            \(inputs.map { "    (\($0.gx), \($0.gy), \($0.rz))," }.joined(separator: "\n"))
            ]
            func show(_ text: String) { print(String(reflecting: text)) }
            print(String(decoding: try JSONEncoder().encode(CharmType.allCases), as: UTF8.self))
            print(try JSONDecoder().decode([CharmType].self, from: JSONEncoder().encode(CharmType.allCases)) == CharmType.allCases)
            print(CharmPhysics.dampingRatio, CharmPhysics.maxRestAngle, CharmPhysics.kickGain, CharmPhysics.hapticIntensity)
            print(CharmPhysics.tickRate, CharmPhysics.tickInterval, CharmPhysics.referenceStiffness, CharmPhysics.stiffnessPerSecond, CharmPhysics.referenceSwayDuration)
            print(CharmLimits.dishCapacity, CharmLimits.maxWorn, CharmLimits.maxNameLength, CharmArt.aspect)
            for charm in CharmType.allCases {
                print(charm.rawValue, charm)
                show(charm.imageName)
                show(charm.displayName)
                show(charm.stockNote)
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
        let p = CharmPhysics.self
        expected.append("[" + table.charms.map { "\"\($0.id)\"" }.joined(separator: ",") + "]")
        expected.append("true")
        expected.append("\(p.dampingRatio) \(p.maxRestAngle) \(p.kickGain) \(p.hapticIntensity)")
        expected.append("\(p.tickRate) \(p.tickInterval) \(p.referenceStiffness) \(p.stiffnessPerSecond) \(p.referenceSwayDuration)")
        expected.append("\(CharmLimits.dishCapacity) \(CharmLimits.maxWorn) \(CharmLimits.maxNameLength) \(CharmCanvas.aspect)")
        for charm in table.charms {
            expected.append("\(charm.id) \(SwiftIdentifier.caseName(for: charm.id).filter { $0 != "`" })")
            show(CharmTableJSON.imageName(for: charm))
            show(charm.displayName)
            show(charm.note)
            let sway = CharmSway(duration: charm.swayDuration)
            expected.append("\(sway.duration) \(sway.stiffness) \(sway.damping) \(sway.naturalFrequency) \(sway.dampedFrequency) \(sway.dampedPeriod) \(sway.settlingTime)")
            var pendulum = CharmPendulum()
            for input in inputs {
                pendulum = CharmPhysics.step(pendulum, sway: sway, gravityX: input.gx, gravityY: input.gy, rotationRateZ: input.rz)
                expected.append("\(pendulum.angle) \(pendulum.velocity)")
            }
        }

        let folder = TestPaths.temporaryFolder("simulate")
        folder.write("CharmTable.swift", try Self.generate(table))
        folder.write("main.swift", program)
        let build = try SwiftCompiler.run(
            ["-swift-version", "6", "-warnings-as-errors", "-module-name", "CharmApp", "CharmTable.swift", "main.swift", "-o", "simulate"],
            in: folder.path)
        try #require(build.status == 0, "\(build.output)")
        let run = try SwiftCompiler.execute(folder.path + "/simulate", in: folder.path)
        try #require(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        #expect(lines.count == expected.count)
        for (index, (got, want)) in zip(lines, expected).enumerated() where got != want {
            Issue.record("line \(index + 1): generated code printed \(got), the tool computes \(want)")
            break
        }
    }
}

/// The Swift compiler of the toolchain running the tests.
enum SwiftCompiler {
    struct Result {
        var status: Int32
        var output: String
    }

    /// On macOS through xcrun, which supplies the SDK; elsewhere the `swiftc` on PATH,
    /// which sits beside the `swift` that runs `swift test`.
    static let command: [String] = {
        #if os(macOS)
            return ["/usr/bin/xcrun", "swiftc"]
        #else
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/swiftc") {
                return ["\(folder)/swiftc"]
            }
            return ["/usr/bin/env", "swiftc"]
        #endif
    }()

    static func run(_ arguments: [String], in folder: String) throws -> Result {
        try execute(command[0], Array(command.dropFirst()) + arguments, in: folder)
    }

    /// Runs a program, collecting stdout and stderr together.
    static func execute(_ executable: String, _ arguments: [String] = [], in folder: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}

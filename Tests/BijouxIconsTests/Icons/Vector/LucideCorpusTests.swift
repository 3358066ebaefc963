import Dispatch
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit
@testable import BijouxTestSupport

/// Every icon of Lucide (`Tests/Corpora/lucide-icons`, 1,776 real icons as designers
/// ship them) in every form, with the wobble each would get under its own name: the
/// vector drawn like the bitmap and held to it by the goldens' rule, its curves within
/// the canvas, the symbol's weights sound, and the same bytes however the work is shared.
///
/// Cheap enough for every run: the bitmap and the vector are drawn through one renderer
/// session at 6 px a point (the bitmaps' master) and compared at @2x, where each pixel is
/// 3 × 3 of the master's. A stray point cannot hide there (and the curves are held to the
/// canvas besides); at @3x, 24 of the icons show one to seven pixels at a distance of
/// 0.10 to 0.16 where strokes overlap, as the raster wobble resamples the master's
/// blended edges and the vector draws them anew. The icons are shared among four
/// threads (two drawing while two make forms).
@Suite("The Lucide icons in every form", .tags(.slow), .notInFastRun)
struct LucideCorpusTests {
    static let folder = TestPaths.corpora + "/lucide-icons"
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".svg") }.map {
        String($0.dropLast(4))
    }.sorted()
    static let threads = 4

    /// What one icon became: its forms' bytes, and what was wrong with it.
    struct Made: Sendable {
        var bytes: [UInt8]
        var problems: [String]
    }

    /// The icon's vector and symbol template, and what the checks found.
    static func make(_ name: String, renders: RenderSession?) throws -> Made {
        let svg = try FileIO.read(folder + "/\(name).svg")
        guard let drawing = SVGSafety.check(svg, readingDrawing: true).drawing else { return Made(bytes: [], problems: ["\(name): not read"]) }
        guard drawing.problems.isEmpty else { return Made(bytes: [], problems: drawing.problems.map { "\(name): \($0.message)" }) }
        let wobble = WobbleParameters.standard(seed: WobbleParameters.seed(forName: name))
        let vector = try VectorIcon.make(drawing, pointWidth: 24, pointHeight: 24, wobble: wobble, file: name)
        let template = try SymbolTemplate(name: name, icon: vector, file: name)
        let vectorText = vector.svg(ink: DrawnIcon.ink)
        var problems = FormChecks.symbolProblems(template)
        var still = wobble
        still.amplitude = 0
        let plain = try VectorIcon.make(drawing, pointWidth: 24, pointHeight: 24, wobble: still, file: name, withSymbol: false)
        problems += FormChecks.vectorProblems(vector, allowed: FormChecks.allowedBox(plain, amplitude: wobble.amplitude))
        problems += vector.warnings.map(\.description)
        if let renders {
            let density = DrawnIcon.density
            let master = try renders.render(svg, size: .density(density), ink: DrawnIcon.ink, file: name).image
            let wobbled = Wobble.apply(DisplacementField(wobble), to: master, density: density)
            let drawnMaster = try renders.render(Array(vectorText.utf8), size: .density(density), ink: DrawnIcon.ink, file: name).image
            let bitmap = wobbled.boxDownsampled(by: density / 2), drawn = drawnMaster.boxDownsampled(by: density / 2)
            let difference = try PixelComparer.compare(bitmap, drawn, .perceptual(threshold: PixelComparison.defaultThreshold), jobs: 1)
            if !difference.matches { problems.append("the vector differs from the bitmap at @2x: \(difference.summary)") }
        }
        return Made(bytes: Array(vectorText.utf8) + Array(template.svg.utf8), problems: problems.map { "\(name): \($0)" })
    }

    @Test func everyIconInEveryForm() throws {
        #expect(Self.names.count == 1776)
        let renders = RenderSession(limits: RenderLimits(perIcon: 10, total: 1800))
        let results = Locked([String: Result<Made, any Error>]())
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for index in stride(from: thread, to: Self.names.count, by: Self.threads) {
                let name = Self.names[index]
                let made = Result { try Self.make(name, renders: renders) }
                results.withLock { $0[name] = made }
            }
        }
        let all = results.withLock { $0 }
        var problems: [String] = []
        for name in Self.names {
            switch all[name] {
            case .success(let made)?: problems += made.problems
            case .failure(let error)?: problems.append("\(name): \(error)")
            case nil: problems.append("\(name): not made")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(40).joined(separator: "\n"))")
        // One thread, every 16th icon: the same bytes as when four shared the work.
        for name in stride(from: 0, to: Self.names.count, by: 16).map({ Self.names[$0] }) {
            guard case .success(let shared)? = all[name] else { continue }
            #expect(try Self.make(name, renders: nil).bytes == shared.bytes, "\(name)")
        }
    }
}

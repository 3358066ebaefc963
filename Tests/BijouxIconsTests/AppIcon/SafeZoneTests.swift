import BijouxKit
import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestSupport

@Suite("Safe zone: the three rules, on geometry and on pixels")
struct SafeZoneTests {
    typealias Fixture = AppIconFixture

    /// The fixture with a flat thread (no sag, so its normal is straight down and
    /// the numbers below can be worked out by hand).
    static func flat() -> AppIconParameters {
        var p = Fixture.parameters()
        p.thread.controlDrop = 0
        return p
    }

    static func violation(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no violation"
        } catch {
            return "\(error)"
        }
    }

    static func geometryViolation(_ p: AppIconParameters) -> String {
        violation { _ = try SafeZone.check(try Fixture.renderer(p).layout, parameters: p, file: Fixture.file) }
    }

    /// Skips the geometry and goes straight to the pixels, as if the geometry had
    /// been wrong about what would be drawn.
    static func pixelViolation(_ p: AppIconParameters) -> String {
        violation {
            let renderer = try Fixture.renderer(p)
            _ = try SafeZone.confirm(
                threadCoverage: renderer.threadCoverage, drawn: renderer.renderAll().map(\.drawn), layout: renderer.layout,
                parameters: p, file: Fixture.file)
        }
    }

    @Test func theShippedIconPassesEveryRuleOnGeometryAndPixels() throws {
        let renderer = try Fixture.heartRenderer()
        let p = renderer.parameters
        let geometry = try SafeZone.check(renderer.layout, parameters: p, file: Fixture.file)
        let pixels = try SafeZone.confirm(
            threadCoverage: renderer.threadCoverage, drawn: renderer.renderAll().map(\.drawn), layout: renderer.layout, parameters: p, file: Fixture.file)
        let margin = IconMask.safeMargin(side: 1024)
        #expect(geometry.threadClearance >= margin)
        #expect(geometry.bottomMargin >= 0.21)
        #expect(geometry.ringDistance <= 13)
        // The pixels agree with the geometry: the thread's outermost pixel centre is
        // within half a pixel's diagonal of its computed edge, and nothing is drawn
        // below the charm's box.
        #expect(abs(pixels.threadClearance - geometry.threadClearance) <= SafeZone.halfPixelDiagonal)
        #expect(pixels.lowestDrawnRow < geometry.charmBottom)
        #expect(pixels.bottomMargin >= geometry.bottomMargin)
        #expect(pixels.coverageAtRingTop == 1)
    }

    @Test func theThreadRuleFiresWhenTheThreadRunsOutToTheEdge() {
        var p = Self.flat()
        p.thread.startX = 40
        // The left end: x = 40, y = 0.285·1024 + w(0) where w(0) = 5·1.1·sin(1.7);
        // its edge is 40 − 26/2 = 27 px from the mask's straight left edge.
        let y = 0.285 * 1024 + 5 * 1.1 * sin(1.7)
        #expect(Format.number(y, decimals: 1) == "297.3")
        #expect(
            Self.geometryViolation(p)
                == """
                art/appicon.json:2:13: rule 'thread inside the safe zone' failed (geometry): the thread's edge (wobble and half the 26 px stroke included) \
                comes within 27 px of the icon mask's edge at (40, 297.3); limit: at least 51.2 px (the safe-zone margin)
                """
        )
        // On the pixels: the round cap reaches x = 27, so the first pixel it touches
        // is the one from 27 to 28, centred 27.5 px from the edge.
        let pixels = Self.pixelViolation(p)
        #expect(
            pixels.hasPrefix(
                "art/appicon.json:2:13: rule 'thread inside the safe zone' failed (rendered pixels): the thread touches the pixel centred at (27.5, "))
        #expect(pixels.hasSuffix("), 27.5 px from the icon mask's edge; limit: at least 50.5 px (the safe-zone margin less half a pixel's diagonal)"))
    }

    @Test func theThreadRuleFollowsTheCornersCurve() throws {
        // The first draft's failure: ends that would be well inside on a straight
        // edge are clipped when raised into the corner.
        var p = Fixture.parameters()
        p.thread.topFraction = 0.1
        let message = Self.geometryViolation(p)
        #expect(message.hasPrefix("art/appicon.json:2:13: rule 'thread inside the safe zone' failed (geometry): "))
        let shipped = try SafeZone.check(try Fixture.renderer(Fixture.parameters()).layout, parameters: Fixture.parameters(), file: Fixture.file)
        #expect(shipped.threadClearance > 90)
        // The end sits 118 − 13 = 105 px from the left edge, but in the corner
        // (y ≈ 102 + wobble, above the 229 px radius) the curve comes much closer.
        let raised = SafeZone.measure(try Fixture.renderer(p).layout)
        #expect(raised.threadClearance < 51.2 && raised.tightestPoint.y < 229)
        #expect(Self.pixelViolation(p).contains("rule 'thread inside the safe zone' failed (rendered pixels)"))
    }

    @Test func theBottomMarginRuleFiresWhenTheHeartHangsTooLow() {
        var p = Fixture.parameters()
        p.charm.height = 420
        // A solid square charm's paint starts at its top, so its box starts at
        // round(y(0.5) + hang) = round(0.285·1024 + 232/2 + 64) = 472 and ends at
        // 472 + 420 = 892, leaving 132/1024 = 12.9 %.
        #expect(
            Self.geometryViolation(p)
                == """
                art/appicon.json:10:12: rule 'heart bottom margin' failed (geometry): charm 'heart' ends at y = 892 px, leaving 12.9 % of the icon's height \
                below it; limit: at least 21 %
                """
        )
        #expect(
            Self.pixelViolation(p)
                == """
                art/appicon.json:10:12: rule 'heart bottom margin' failed (rendered pixels, default variant): the lowest drawn row ends at y = 892 px, leaving \
                12.9 % of the icon's height below it; limit: at least 21 %
                """
        )
        // 808 is the lowest bottom that leaves 21 %: (1024 − 808) / 1024 = 21.09 %.
        p.charm.height = 808 - 472
        #expect(Self.geometryViolation(p) == "no violation")
        p.charm.height += 1
        #expect(Self.geometryViolation(p).contains("ends at y = 809 px, leaving 21 %"))
    }

    @Test func theRingRuleFiresWhenTheRingFloatsOffTheThread() {
        var p = Self.flat()
        // A wobble of ±0.032 px along y = 300: the thread is all but a straight line.
        p.thread.stretch = 0.01
        p.thread.topFraction = 300.0 / 1024
        p.ring.offset = 20.5
        #expect(
            Self.geometryViolation(p)
                == """
                art/appicon.json:11:11: rule 'ring on the thread' failed (geometry): the ring's top at (512, 320.5) is 20.5 px from the squiggle; limit: at \
                most 13 px (half the thread's stroke)
                """
        )
        #expect(
            Self.pixelViolation(p)
                == """
                art/appicon.json:11:11: rule 'ring on the thread' failed (rendered pixels): the thread covers at most 0 % of the pixels around the ring's top \
                at (512, 320.5); limit: at least 50 %
                """
        )
        // The limit is half the stroke, either side.
        p.ring.offset = -12.9
        #expect(Self.geometryViolation(p) == "no violation")
        #expect(Self.pixelViolation(p) == "no violation")
        p.ring.offset = 13.1
        #expect(Self.geometryViolation(p).contains("is 13.1 px from the squiggle"))
    }

    @Test func aCharmBeyondTheSquigglesEndHasNoRingToHangFrom() {
        // With a long wobble the squiggle's right end curls back to x ≈ 887, short
        // of the base curve's end at 906: between them there is no thread to rest on.
        var p = Fixture.parameters()
        p.thread.stretch = 12
        p.charm.x = 895
        #expect(
            Self.geometryViolation(p)
                == """
                art/appicon.json:10:12: field 'charm.x': the thread's squiggle does not pass x = 895 (it is too close to an end), so the ring has nothing to \
                rest on
                """
        )
    }

    @Test func maskDistancesAreExact() {
        let mask = IconMask.shape(side: 1024)
        #expect(abs(mask.cornerRadius - 229.0688) < 1e-9)
        #expect(mask.signedDistance(CanvasPoint(512, 512)) == -512)
        #expect(abs(mask.signedDistance(CanvasPoint(40, 500)) + 40) < 1e-9)
        #expect(abs(mask.signedDistance(CanvasPoint(-3, 500)) - 3) < 1e-9)
        // On the corner's diagonal the edge is r·(√2 − 1)·/√2... measured from the
        // corner's centre: a point r − 10 from it along the diagonal is 10 inside.
        let r = mask.cornerRadius
        let d = (r - 10) / 2.0.squareRoot()
        #expect(abs(mask.signedDistance(CanvasPoint(r - d, r - d)) + 10) < 1e-9)
        // The corner of the square itself is outside the mask.
        #expect(mask.signedDistance(CanvasPoint(0, 0)) > 90)
        // The safe zone is the mask inset by 51.2 px, everywhere.
        let zone = IconMask.safeZone(side: 1024)
        for p in [CanvasPoint(100, 500), CanvasPoint(60, 60), CanvasPoint(200, 30), CanvasPoint(900, 950)] {
            #expect(abs(zone.signedDistance(p) - (mask.signedDistance(p) + 51.2)) < 1e-9)
        }
    }

    @Test func percentagesAndLengthsReadNaturally() {
        #expect(SafeZone.percent(0.21) == "21 %")
        #expect(SafeZone.percent(132.0 / 1024) == "12.9 %")
        #expect(SafeZone.percent(0) == "0 %")
        #expect(Format.pixels(51.2) == "51.2 px")
        #expect(Format.pixels(27) == "27 px")
    }
}

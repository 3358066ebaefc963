import BijouxCore
import BijouxShared

/// The three rules the first draft of the icon broke (SPEC, "Le Fil"): the thread was
/// clipped by the corner mask, and the heart's point sat too close to the bottom.
/// Each is computed from the geometry, then confirmed on the rendered pixels; either
/// failing stops the build with the rule, the measured value and the limit.
enum SafeZoneRule: String, Sendable, CaseIterable {
    /// Every point of the thread, wobble and half the stroke included, inside the
    /// icon mask inset by the safe margin.
    case threadInSafeZone = "thread inside the safe zone"
    /// The charm's bottom at least 21 % of the icon's height above the bottom edge.
    case charmBottomMargin = "heart bottom margin"
    /// The ring's top within half the thread's stroke of the squiggle.
    case ringOnThread = "ring on the thread"
}

/// A broken rule, as one line: where in appicon.json, which rule, how it was found
/// (geometry or rendered pixels), what was measured, and the limit.
struct SafeZoneViolation: UserFacingError, Equatable {
    var file: String
    var location: SourceLocation?
    var rule: SafeZoneRule
    /// "geometry", or "rendered pixels" and the variant.
    var evidence: String
    /// What was measured, with the value.
    var finding: String
    var limit: String

    var diagnostic: Diagnostic {
        Diagnostic(place: SourceLocation.place(file, location), message: "rule '\(rule.rawValue)' failed (\(evidence)): \(finding); limit: \(limit)")
    }
}

enum SafeZone {
    /// SPEC: the heart's bottom margin is at least 21 % of the icon's height.
    static let minimumBottomMargin = 0.21
    /// A pixel touched by antialiasing can have its centre up to half its diagonal
    /// outside the shape that touched it.
    static let halfPixelDiagonal = 0.5 * 2.0.squareRoot()

    /// The three measures, from the layout alone.
    struct Geometry: Equatable, Sendable {
        /// The smallest distance from the thread's painted edge (wobble and half the
        /// stroke included) to the mask's edge, and where on the squiggle it occurs.
        var threadClearance: Double
        var tightestPoint: CanvasPoint
        /// Below the charm's painted box, as a fraction of the icon's height.
        var bottomMargin: Double
        var charmBottom: Int
        /// From the ring's top to the squiggle.
        var ringDistance: Double
    }

    static func measure(_ layout: AppIconLayout) -> Geometry {
        let side = Double(layout.side)
        let mask = IconMask.shape(side: side)
        var clearance = Double.infinity
        var tightest = layout.points[0]
        for point in layout.points {
            let c = -mask.signedDistance(point) - layout.strokeWidth / 2
            if c < clearance {
                clearance = c
                tightest = point
            }
        }
        let bottom = layout.charmBox.maxY
        return Geometry(
            threadClearance: clearance, tightestPoint: tightest,
            bottomMargin: (side - Double(bottom)) / side, charmBottom: bottom,
            ringDistance: Polyline.distance(from: layout.ringTop, to: layout.points))
    }

    /// Fails on the first broken rule, in `SafeZoneRule` order.
    static func check(
        _ layout: AppIconLayout, parameters: AppIconParameters, file: String
    ) throws(SafeZoneViolation) -> Geometry {
        let geometry = measure(layout)
        let side = Double(layout.side)
        let margin = IconMask.safeMargin(side: side)
        func violation(_ rule: SafeZoneRule, _ section: String, _ finding: String, _ limit: String) -> SafeZoneViolation {
            SafeZoneViolation(file: file, location: parameters.locations[section], rule: rule, evidence: "geometry", finding: finding, limit: limit)
        }
        if geometry.threadClearance < margin {
            throw violation(
                .threadInSafeZone, "thread",
                """
                the thread's edge (wobble and half the \(Format.pixels(layout.strokeWidth)) stroke included) comes within \
                \(Format.pixels(geometry.threadClearance)) of the icon mask's edge at \(geometry.tightestPoint)
                """,
                "at least \(Format.pixels(margin)) (the safe-zone margin)")
        }
        if geometry.bottomMargin < minimumBottomMargin {
            throw violation(
                .charmBottomMargin, "charm",
                """
                charm '\(parameters.charm.id)' ends at y = \(geometry.charmBottom) px, leaving \(percent(geometry.bottomMargin)) of the icon's height below it
                """,
                "at least \(percent(minimumBottomMargin))")
        }
        if geometry.ringDistance > layout.strokeWidth / 2 {
            throw violation(
                .ringOnThread, "ring",
                "the ring's top at \(layout.ringTop) is \(Format.pixels(geometry.ringDistance)) from the squiggle",
                "at most \(Format.pixels(layout.strokeWidth / 2)) (half the thread's stroke)")
        }
        return geometry
    }

    /// The same three measures, read off what was drawn.
    struct Pixels: Equatable, Sendable {
        /// The smallest distance from the centre of any pixel the thread touches to
        /// the mask's edge, and that pixel.
        var threadClearance: Double
        var tightestPixel: CanvasPoint
        /// Below the lowest row where any picture differs from its background.
        var bottomMargin: Double
        var lowestDrawnRow: Int
        /// The picture with that row ("default variant", "dark look of AppIcon.icon").
        var lowestPicture: String
        /// The most the thread covers of the pixels around the ring's top (0...1).
        var coverageAtRingTop: Double
    }

    /// A picture of the icon as drawn, with the background it was drawn on, so the
    /// checks can tell what was drawn: a variant of the appiconset, or a look of the
    /// Icon Composer document with its layers composited.
    struct Drawn: Sendable {
        /// For messages: "default variant", "dark look of AppIcon.icon".
        var name: String
        var image: RGBAImage
        var background: RGBAImage
    }

    static func measurePixels(threadCoverage: [UInt8], drawn: [Drawn], layout: AppIconLayout) -> Pixels {
        let side = layout.side
        let mask = IconMask.shape(side: Double(side))
        var clearance = Double.infinity
        var tightest = CanvasPoint(0, 0)
        threadCoverage.withUnsafeBufferPointer { coverage in
            for y in 0..<side {
                for x in 0..<side where coverage[y * side + x] > 0 {
                    let centre = CanvasPoint(Double(x) + 0.5, Double(y) + 0.5)
                    let c = -mask.signedDistance(centre)
                    if c < clearance {
                        clearance = c
                        tightest = centre
                    }
                }
            }
        }
        var lowest = -1
        var lowestPicture = drawn.first?.name ?? ""
        for picture in drawn {
            let row = lowestDifferingRow(picture.image, picture.background)
            if row > lowest {
                lowest = row
                lowestPicture = picture.name
            }
        }
        let top = (x: Int(layout.ringTop.x.rounded(.down)), y: Int(layout.ringTop.y.rounded(.down)))
        var best: UInt8 = 0
        for y in (top.y - 1)...(top.y + 1) where y >= 0 && y < side {
            for x in (top.x - 1)...(top.x + 1) where x >= 0 && x < side {
                best = max(best, threadCoverage[y * side + x])
            }
        }
        return Pixels(
            threadClearance: clearance, tightestPixel: tightest,
            bottomMargin: Double(side - (lowest + 1)) / Double(side), lowestDrawnRow: lowest, lowestPicture: lowestPicture,
            coverageAtRingTop: Double(best) / 255)
    }

    /// The last row in which the image differs from its background, or -1.
    static func lowestDifferingRow(_ image: RGBAImage, _ background: RGBAImage) -> Int {
        image.withPixels { image in
            background.withPixels { background in
                for y in stride(from: image.height - 1, through: 0, by: -1) {
                    if !image.samples(image.row(y)).elementsEqual(background.samples(background.row(y))) { return y }
                }
                return -1
            }
        }
    }

    /// Confirms the geometry on the pixels; fails on the first rule they break.
    static func confirm(
        threadCoverage: [UInt8], drawn: [Drawn], layout: AppIconLayout, parameters: AppIconParameters, file: String
    ) throws(SafeZoneViolation) -> Pixels {
        let pixels = measurePixels(threadCoverage: threadCoverage, drawn: drawn, layout: layout)
        let margin = IconMask.safeMargin(side: Double(layout.side))
        func violation(_ rule: SafeZoneRule, _ section: String, _ evidence: String, _ finding: String, _ limit: String) -> SafeZoneViolation {
            SafeZoneViolation(file: file, location: parameters.locations[section], rule: rule, evidence: evidence, finding: finding, limit: limit)
        }
        if pixels.threadClearance < margin - halfPixelDiagonal {
            throw violation(
                .threadInSafeZone, "thread", "rendered pixels",
                "the thread touches the pixel centred at \(pixels.tightestPixel), \(Format.pixels(pixels.threadClearance)) from the icon mask's edge",
                "at least \(Format.pixels(margin - halfPixelDiagonal)) (the safe-zone margin less half a pixel's diagonal)")
        }
        if pixels.bottomMargin < minimumBottomMargin {
            throw violation(
                .charmBottomMargin, "charm", "rendered pixels, \(pixels.lowestPicture)",
                "the lowest drawn row ends at y = \(pixels.lowestDrawnRow + 1) px, leaving \(percent(pixels.bottomMargin)) of the icon's height below it",
                "at least \(percent(minimumBottomMargin))")
        }
        if pixels.coverageAtRingTop < 0.5 {
            throw violation(
                .ringOnThread, "ring", "rendered pixels",
                "the thread covers at most \(percent(pixels.coverageAtRingTop)) of the pixels around the ring's top at \(layout.ringTop)",
                "at least 50 %")
        }
        return pixels
    }

    /// Whole percentages as such ("21 %"), others to one decimal ("17.3 %").
    static func percent(_ fraction: Double) -> String { Format.percent(fraction, decimals: 1) }
}

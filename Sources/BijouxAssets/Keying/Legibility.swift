import BijouxCore

/// Every charm must stay legible at 22 px, its width on the Dynamic Island (SPEC B).
/// The check renders the charm at that size exactly as the catalog does and measures
/// how much of it is still solid; thin strokes and small details melt into
/// half-transparent mush long before the whole silhouette disappears.
struct LegibilityReport: Equatable, Sendable {
    /// Fraction of the 22 px canvas covered by pixels at least half opaque.
    var solidFraction: Double
    /// That fraction divided by the same measure at full size: how much of the
    /// silhouette survives the shrink.
    var retention: Double
    /// The matte's floor (`MatteCheck.floor`) when it is not black: the haze covers the
    /// whole box, so the figures above measure the haze, not the shape.
    var hazeFloor: Int = 0

    /// Below this, the charm is a speck on the island.
    static let minimumSolidFraction = 0.12
    /// Below this, over a third of the silhouette has melted away.
    static let minimumRetention = 0.65

    var nearlyVanishes: Bool {
        solidFraction < Self.minimumSolidFraction || retention < Self.minimumRetention
    }

    var summary: String {
        "\(Format.percent(solidFraction)) of the 22 px canvas solid, \(Format.percent(retention)) of the silhouette kept"
    }
}

enum Legibility {
    /// The island's charm width (SPEC B: 22, in points; the check's pixels at @1x) and
    /// the matching canvas height.
    static let islandWidth = 22
    static let islandHeight = 20
    /// The phone's scale: every Dynamic Island iPhone is @3x, so 22 pt is 66 px there.
    static let phoneScale = 3

    /// The charm as the island shows it at `scale`: 22 pt wide on the fixed canvas
    /// (22 × scale pixels), margin scaled.
    /// `painted` is the charm's painted part (`CharmCanvas.painted`).
    static func islandRender(_ painted: Resample.Source?, canvas: CharmCanvas, scale: Int = 1, threads: Int = 1) -> RGBAImage {
        let factor = Double(islandWidth * scale) / Double(canvas.pointWidth)
        return CharmCanvas.place(
            painted, width: islandWidth * scale, height: islandHeight * scale, margin: canvas.marginPoints * factor, threads: threads)
    }

    static func report(island: RGBAImage, fullSize: RGBAImage, hazeFloor: Int = 0) -> LegibilityReport {
        let small = solidFraction(island)
        let large = solidFraction(fullSize)
        return LegibilityReport(solidFraction: small, retention: large > 0 ? small / large : 0, hazeFloor: hazeFloor)
    }

    static func solidFraction(_ image: RGBAImage) -> Double {
        let solid = image.withPixels { p in (0..<p.pixelCount).count { p[$0, .alpha] >= 128 } }
        return Double(solid) / Double(max(1, image.width * image.height))
    }
}

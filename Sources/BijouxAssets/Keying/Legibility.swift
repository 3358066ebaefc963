/// Every charm must stay legible at 22 px, its width on the Dynamic Island (SPEC B).
/// The check renders the charm at that size exactly as the catalog does and measures
/// how much of it is still solid; thin strokes and small details melt into
/// half-transparent mush long before the whole silhouette disappears.
public struct LegibilityReport: Equatable, Sendable {
    /// Fraction of the 22 px canvas covered by pixels at least half opaque.
    public var solidFraction: Double
    /// That fraction divided by the same measure at full size: how much of the
    /// silhouette survives the shrink.
    public var retention: Double

    /// Below this, the charm is a speck on the island.
    public static let minimumSolidFraction = 0.12
    /// Below this, over a third of the silhouette has melted away.
    public static let minimumRetention = 0.65

    public var nearlyVanishes: Bool {
        solidFraction < Self.minimumSolidFraction || retention < Self.minimumRetention
    }

    public var summary: String {
        "\(percent(solidFraction)) of the 22 px canvas solid, \(percent(retention)) of the silhouette kept"
    }

    private func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}

public enum Legibility {
    /// The island's charm width in pixels (SPEC B) and the matching canvas height.
    public static let islandWidth = 22
    public static let islandHeight = 20

    /// The charm as the island shows it: 22 px wide on the fixed canvas, margin scaled.
    public static func islandRender(_ keyed: RGBAImage, bounds: PixelRect, canvas: CharmCanvas) -> RGBAImage {
        let scale = Double(islandWidth) / Double(canvas.pointWidth)
        return CharmCanvas.place(
            keyed, bounds: bounds, width: islandWidth, height: islandHeight, margin: canvas.marginPoints * scale)
    }

    public static func report(island: RGBAImage, fullSize: RGBAImage) -> LegibilityReport {
        let small = solidFraction(island)
        let large = solidFraction(fullSize)
        return LegibilityReport(solidFraction: small, retention: large > 0 ? small / large : 0)
    }

    static func solidFraction(_ image: RGBAImage) -> Double {
        var solid = 0
        for i in stride(from: 3, to: image.pixels.count, by: 4) where image.pixels[i] >= 128 { solid += 1 }
        return Double(solid) / Double(max(1, image.width * image.height))
    }
}

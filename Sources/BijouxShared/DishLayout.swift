/// The trinket dish (SPEC, "The dish and the bracelet"): 12 fixed slots, so charms
/// never need collision detection or packing, and a size derived from the slots, so
/// two charms cannot overlap.
public enum DishLayout {
    /// One slot per charm the dish holds.
    public static let slotCount = CharmLimits.dishCapacity

    /// The slot centres in normalised ellipse space: (0, 0) is the dish's centre and
    /// the unit circle its rim (x to the right, y down). Every centre is 0.9 or less
    /// from the centre, at least 0.59 from every other (so 12 slots keep 34 pt apart
    /// in any dish 120 pt or more across, see `charmSize`), and they are in fill order:
    /// the first sits off-centre, and each next one is the free slot farthest from
    /// those before it, so a sparse dish looks scattered rather than clumped.
    public static let normalizedSlots: [CanvasPoint] = [
        CanvasPoint(x: -0.220, y: -0.263),
        CanvasPoint(x: 0.577, y: 0.691),
        CanvasPoint(x: 0.769, y: -0.468),
        CanvasPoint(x: -0.597, y: 0.673),
        CanvasPoint(x: -0.790, y: -0.432),
        CanvasPoint(x: -0.284, y: -0.854),
        CanvasPoint(x: 0.882, y: 0.181),
        CanvasPoint(x: 0.338, y: -0.059),
        CanvasPoint(x: 0.021, y: 0.900),
        CanvasPoint(x: 0.310, y: -0.845),
        CanvasPoint(x: -0.887, y: 0.154),
        CanvasPoint(x: -0.118, y: 0.322),
    ]

    /// The slot centres in a dish `width` × `height` points (the dish's ellipse fills
    /// that box), in fill order.
    public static func slots(width: Double, height: Double) -> [CanvasPoint] {
        normalizedSlots.map { CanvasPoint(x: width / 2 * (1 + $0.x), y: height / 2 * (1 + $0.y)) }
    }

    /// The side of a charm in that dish, in points: from the tightest slot pair, so
    /// overlap is arithmetically impossible, and between 34 and 60.
    public static func charmSize(width: Double, height: Double) -> Double {
        min(60, max(34, minSlotDistance(slots(width: width, height: height)) * 0.92))
    }

    /// The smallest distance between two of `slots`.
    public static func minSlotDistance(_ slots: [CanvasPoint]) -> Double {
        var best = Double.infinity
        for i in slots.indices {
            for j in slots.indices where j > i { best = min(best, GoldThread.distance(slots[i], slots[j])) }
        }
        return best
    }
}

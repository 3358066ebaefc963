import BijouxKit
import Foundation
import Testing

@Suite("DishLayout: 12 fixed slots where charms cannot overlap")
struct DishLayoutTests {
    static func distance(_ a: CanvasPoint, _ b: CanvasPoint) -> Double { hypot(a.x - b.x, a.y - b.y) }

    /// Dish sizes from a small widget's to a large iPad's, every aspect between.
    static let sizes: [(width: Double, height: Double)] = stride(from: 200.0, through: 1200, by: 25).flatMap { width in
        stride(from: 120.0, through: 700, by: 20).map { (width, $0) }
    }

    @Test func twelveSlotsInsideTheEllipseAndNoTwoCloserThanACharm() {
        #expect(DishLayout.slotCount == 12 && DishLayout.slotCount == CharmLimits.dishCapacity)
        for (width, height) in Self.sizes {
            let slots = DishLayout.slots(width: width, height: height)
            let size = DishLayout.charmSize(width: width, height: height)
            #expect(slots.count == 12)
            #expect(size >= 34 && size <= 60)
            for slot in slots {
                let u = (slot.x - width / 2) / (width / 2), v = (slot.y - height / 2) / (height / 2)
                #expect(u * u + v * v < 1, "\(width)×\(height): slot \(slot) outside the dish")
            }
            // Charms are `size` across, so centres at least `size` apart cannot overlap.
            for i in slots.indices {
                for j in slots.indices where j > i {
                    #expect(Self.distance(slots[i], slots[j]) >= size, "\(width)×\(height): slots \(i) and \(j)")
                }
            }
        }
    }

    @Test func theSizeFollowsTheTightestPair() {
        let slots = DishLayout.slots(width: 400, height: 240)
        var tightest = Double.infinity
        for a in slots { for b in slots where a != b { tightest = min(tightest, Self.distance(a, b)) } }
        #expect(abs(DishLayout.minSlotDistance(slots) - tightest) < 1e-12)
        #expect(DishLayout.charmSize(width: 400, height: 240) == min(60, max(34, tightest * 0.92)))
        // Small dishes hit the floor, large ones the ceiling.
        #expect(DishLayout.charmSize(width: 200, height: 120) == 34)
        #expect(DishLayout.charmSize(width: 1200, height: 700) == 60)
        // A dish twice the size has its slots twice as far from the centre.
        let double = DishLayout.slots(width: 800, height: 480)
        for (a, b) in zip(slots, double) {
            #expect(abs((b.x - 400) - 2 * (a.x - 200)) < 1e-9 && abs((b.y - 240) - 2 * (a.y - 120)) < 1e-9)
        }
    }

    /// Fill order: each slot is the free one farthest from those already filled, so
    /// the first few charms spread over the dish instead of clumping.
    @Test func aSparseDishLooksScattered() {
        let slots = DishLayout.normalizedSlots
        #expect(Set(slots.map { "\($0.x),\($0.y)" }).count == 12)
        for k in 1..<(slots.count - 1) {
            func reach(_ slot: CanvasPoint) -> Double { slots[..<k].map { Self.distance($0, slot) }.min()! }
            let best = slots[k...].map(reach).max()!
            #expect(reach(slots[k]) >= best - 1e-9, "slot \(k) is not the farthest free one")
        }
        // Three charms are not all on one side of the dish, nor all near the middle.
        let three = slots.prefix(3)
        let centre = (x: three.map(\.x).reduce(0, +) / 3, y: three.map(\.y).reduce(0, +) / 3)
        #expect(hypot(centre.x, centre.y) < 0.4)
        #expect(three.map { hypot($0.x, $0.y) }.max()! > 0.8)
    }
}

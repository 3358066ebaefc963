import BijouxKit

// Three surfaces, one thread: the app's home screen, a small widget and the
// expanded Dynamic Island draw the same recipe at their own widths.
for (surface, width, height) in [("app", 390.0, 844.0), ("widget", 160.0, 160.0), ("island", 370.0, 160.0)] {
    let thread = GoldThread(width: width, height: height, topFraction: 0.3, controlDrop: width / 4)
    let points = thread.points(spacing: 1)
    let ring = thread.squiggleY(atX: width / 2) ?? .nan
    print("\(surface): \(points.count) points, middle hangs at \(thread.baseY(atFraction: 0.5)), ring at \(ring)")
}

let dish = DishLayout.slots(width: 360, height: 220)
print("dish: \(dish.count) slots, charms \(DishLayout.charmSize(width: 360, height: 220)) pt")

var pendulum = CharmPendulum()
let sway = CharmSway(duration: 4.4)
for _ in 0..<60 { pendulum = CharmPhysics.step(pendulum, sway: sway, gravityX: 0.3, gravityY: -0.95, rotationRateZ: 0) }
print("pendulum after 1 s: \(pendulum.angle)")
print(SpokenLabel.words(name: "", note: "you have my whole heart", displayName: "Heart"), "/", SpokenLabel.kind(displayName: "Heart", isHandDrawn: false))

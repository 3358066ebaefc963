import BijouxCore

/// Detects a matte that is not truly black. Scan noise or a dark grey backdrop keys
/// into a faint haze over the whole canvas (alpha = brightness), which the app would
/// draw as a grey box behind the charm. The floor is measured on the border of the
/// keyed image, where there should be nothing but matte.
enum MatteCheck {
    /// The width of the border ring examined, as a fraction of the shorter side.
    static let borderFraction = 0.02
    /// The percentile of border brightness reported as the floor: high enough to see
    /// noise, low enough that a brush stroke touching the edge does not count.
    static let percentile = 0.95
    /// The highest floor a black point can level away and keep the painting. Measured on
    /// the sample charms painted as opaque paint on grey grounds: up to a ground of 80 the
    /// advised black point keeps at least 99.7 % of every charm's painted pixels still
    /// painted and at least half as opaque; at 96, 61 % stay half as opaque, and on paper
    /// white (235) as few as 3 % stay painted. Above it the matte is not black but a light
    /// ground, and keying by brightness turns the picture into a see-through box.
    static let keyableFloor = 80

    /// The error for a floor above `keyableFloor`, for the charm `id`.
    static func notBlackMessage(id: String, floor: Int) -> String {
        "charm '\(id)': the matte is not black: its floor is \(floor)/255, a light ground (a black point can level at most \(keyableFloor)), "
            + "and the key, which reads brightness as opacity, would make the whole canvas a see-through box; "
            + "paint the charm on black (#000000), or export it with a transparent background (transparent pixels are keyed as black)"
    }

    /// The matte's floor: the 95th percentile of alpha over the border ring of a keyed
    /// image (alpha is the source's brightness over black). 0 for a clean black matte.
    static func floor(of keyed: RGBAImage) -> Int {
        let image = keyed
        let ring = max(1, Int(Double(min(image.width, image.height)) * borderFraction))
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        image.withPixels { p in
            for y in 0..<image.height {
                let inBand = y < ring || y >= image.height - ring
                var x = 0
                while x < image.width {
                    if !inBand && x == ring {
                        x = max(x, image.width - ring)  // skip the interior
                        continue
                    }
                    histogram[Int(p[x: x, y: y, .alpha])] += 1
                    total += 1
                    x += 1
                }
            }
        }
        guard total > 0 else { return 0 }
        let rank = Int((Double(total) * percentile).rounded(.up))
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen >= rank { return level }
        }
        return 255
    }
}

import BijouxCore

/// The hand-drawn wobble of an icon: a smooth random displacement of the drawing,
/// baked into its pixels (SPEC A). Like SVG's feTurbulence + feDisplacementMap, each
/// output pixel takes its colour from the source at a displaced position; unlike them
/// the displacement is defined in points, not pixels, so a point of the icon moves by
/// the same number of points at @1x, @2x and @3x.
package struct WobbleParameters: Equatable, Sendable, CustomStringConvertible {
    /// The furthest any point of the drawing moves, in points. 0 turns the wobble off.
    package var amplitude: Double
    /// The size of the slowest undulation (the base octave's lattice), in points.
    package var wavelength: Double
    /// Layers of detail: each adds undulations half as long and half as strong.
    package var octaves: Int
    package var seed: UInt32

    package init(amplitude: Double, wavelength: Double, octaves: Int, seed: UInt32) {
        self.amplitude = amplitude
        self.wavelength = wavelength
        self.octaves = octaves
        self.seed = seed
    }

    /// A steady hand at 22–44 pt beside 1.75 pt strokes: a line drifts by about
    /// 0.15 pt on average over a few points of its length, and never by more than
    /// half a point, so strokes waver while their width, joins and gaps hold.
    package static func standard(seed: UInt32) -> WobbleParameters {
        WobbleParameters(amplitude: 0.5, wavelength: 8, octaves: 2, seed: seed)
    }

    package static let amplitudeRange = 0.0...8.0
    package static let wavelengthRange = 1.0...256.0
    package static let octaveRange = 1...5

    package var isOff: Bool { amplitude == 0 }

    /// The parameters within their ranges (a value that is not a number at the range's
    /// low end), as every use takes them: a caller's parameters cannot make the noise
    /// shift by more than its octaves allow, or cut a line every 0 pt.
    var clamped: WobbleParameters {
        func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
            value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
        }
        return WobbleParameters(
            amplitude: clamp(amplitude, Self.amplitudeRange), wavelength: clamp(wavelength, Self.wavelengthRange),
            octaves: min(max(octaves, Self.octaveRange.lowerBound), Self.octaveRange.upperBound), seed: seed)
    }

    /// The seed of an icon that does not set one: FNV-1a of its name, so each icon
    /// wobbles differently and the same way on every build and every machine.
    package static func seed(forName name: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hash
    }

    package var description: String {
        isOff
            ? "wobble off"
            : "wobble \(Format.number(amplitude)) pt / \(Format.number(wavelength)) pt, \(octaves) octave\(octaves == 1 ? "" : "s"), seed \(seed)"
    }
}

/// The displacement, in points, at every point of the icon: two channels of fractal
/// gradient noise, scaled so no displacement is longer than the amplitude.
package struct DisplacementField: Sendable {
    let parameters: WobbleParameters
    private let layers: [Layer]

    /// One octave of one channel: its noise, frequency, weight, and a lattice offset
    /// so the octaves' lattices (where gradient noise is zero) do not line up.
    private struct Layer: Sendable {
        var noise: GradientNoise
        var frequency: Double
        var weight: Double
        var offsetX: Double
        var offsetY: Double
    }

    /// The field of `parameters` brought within their ranges (`WobbleParameters.clamped`).
    package init(_ parameters: WobbleParameters) {
        let parameters = parameters.clamped
        self.parameters = parameters
        var layers: [Layer] = []
        let totalWeight = (0..<parameters.octaves).reduce(0.0) { sum, octave in sum + Self.weight(octave) }
        for channel in 0..<2 {
            for octave in 0..<parameters.octaves {
                let seed = GradientNoise.hash(Int32(channel), Int32(octave), parameters.seed)
                let unit = 1.0 / 4_294_967_296.0
                layers.append(
                    Layer(
                        noise: GradientNoise(seed: seed),
                        frequency: Double(1 << octave) / parameters.wavelength,
                        weight: Self.weight(octave) / totalWeight,
                        offsetX: Double(GradientNoise.hash(1, 0, seed)) * unit * 64,
                        offsetY: Double(GradientNoise.hash(0, 1, seed)) * unit * 64))
            }
        }
        self.layers = layers
    }

    private static func weight(_ octave: Int) -> Double { 1 / Double(1 << octave) }

    /// The displacement at (x, y) in points. Each channel sums to at most 1 in
    /// magnitude; the vector is then shortened to length 1 if longer (rare, and
    /// continuous), and scaled by the amplitude.
    @inline(__always)
    func displacement(x: Double, y: Double) -> (dx: Double, dy: Double) {
        var u = 0.0, v = 0.0
        let half = layers.count / 2
        for i in 0..<half {
            let layer = layers[i]
            u += layer.weight * layer.noise.value(x: x * layer.frequency + layer.offsetX, y: y * layer.frequency + layer.offsetY)
        }
        for i in half..<layers.count {
            let layer = layers[i]
            v += layer.weight * layer.noise.value(x: x * layer.frequency + layer.offsetX, y: y * layer.frequency + layer.offsetY)
        }
        let lengthSquared = u * u + v * v
        let scale = lengthSquared > 1 ? parameters.amplitude / lengthSquared.squareRoot() : parameters.amplitude
        return (u * scale, v * scale)
    }

    /// Where the raster wobble shows the drawing's point (x, y), in points: the point p
    /// whose displaced position is (x, y), p + d(p) = (x, y) (each pixel of the raster
    /// takes its colour from its own position plus the displacement). Found by fixed-point
    /// iteration p ← (x, y) − d(p), which converges wherever the field changes by less
    /// than a point per point (the wobbles an icon is drawn with: a test measures the
    /// residual of the standard one). Past that the raster folds the drawing over itself
    /// and no single point shows (x, y).
    ///
    /// The iteration starts from `near`, the displacement found for a point close by (a
    /// contour's previous point), or none, and stops once a step moves p by at most
    /// `settled` (each step shrinks the error by the field's stretch), or after `steps`.
    func wobbled(x: Double, y: Double, near: (dx: Double, dy: Double) = (0, 0), steps: Int = 8) -> (x: Double, y: Double) {
        var px = x - near.dx, py = y - near.dy
        for _ in 0..<steps {
            let (dx, dy) = displacement(x: px, y: py)
            let step = max(abs(x - dx - px), abs(y - dy - py))
            px = x - dx
            py = y - dy
            if step <= Self.settled { break }
        }
        return (px, py)
    }

    /// A step this short ends the search of `wobbled`: a ten-thousandth of the thousandth
    /// of a point that path data is written to.
    static let settled = 1e-7
}

/// Seeded 2-D gradient noise (Perlin's construction with the quintic fade): smooth,
/// zero on the integer lattice, within -1...1. Made of integer hashing and + − × ÷ on
/// Doubles only (no sin, cos or pow from a platform's maths library), so the same
/// seed gives the same bits on Linux and macOS.
struct GradientNoise: Sendable {
    let seed: UInt32

    /// With unit gradients 2-D gradient noise stays within ±√2/2; this brings it to ±1.
    private static let normalisation = 1.4142135623730951
    private static let diagonal = 0.7071067811865476

    /// The noise at (x, y); 0 past ±2³¹ lattice cells (no placed icon reaches that far)
    /// and where a coordinate is not a number, so nothing traps.
    @inline(__always)
    func value(x: Double, y: Double) -> Double {
        guard x.magnitude < 2_147_483_647, y.magnitude < 2_147_483_647 else { return 0 }
        let ix = Self.floor(x), iy = Self.floor(y)
        let fx = x - Double(ix), fy = y - Double(iy)
        let n00 = dot(ix, iy, fx, fy)
        let n10 = dot(ix &+ 1, iy, fx - 1, fy)
        let n01 = dot(ix, iy &+ 1, fx, fy - 1)
        let n11 = dot(ix &+ 1, iy &+ 1, fx - 1, fy - 1)
        let u = Self.fade(fx), v = Self.fade(fy)
        let top = n00 + (n10 - n00) * u
        let bottom = n01 + (n11 - n01) * u
        return (top + (bottom - top) * v) * Self.normalisation
    }

    /// The lattice point's gradient (one of eight unit vectors, at multiples of 45°)
    /// dotted with the offset (px, py) from it.
    @inline(__always)
    private func dot(_ cx: Int32, _ cy: Int32, _ px: Double, _ py: Double) -> Double {
        switch Self.hash(cx, cy, seed) & 7 {
        case 0: px
        case 1: -px
        case 2: py
        case 3: -py
        case 4: (px + py) * Self.diagonal
        case 5: (py - px) * Self.diagonal
        case 6: (px - py) * Self.diagonal
        default: -(px + py) * Self.diagonal
        }
    }

    /// ⌊x⌋ as a lattice coordinate (x within ±2³¹), without a call into the maths library.
    @inline(__always)
    private static func floor(_ x: Double) -> Int32 {
        let truncated = Int32(x)
        return Double(truncated) > x ? truncated &- 1 : truncated
    }

    /// 6t⁵ − 15t⁴ + 10t³: flat first and second derivatives at the lattice, so the
    /// displacement (and the wobbled line's curvature) has no creases.
    private static func fade(_ t: Double) -> Double {
        t * t * t * (t * (t * 6 - 15) + 10)
    }

    /// A 32-bit integer hash of a lattice point and a seed (multiply–xorshift mixing).
    static func hash(_ x: Int32, _ y: Int32, _ seed: UInt32) -> UInt32 {
        var h = seed &* 0x9E37_79B1
        h ^= UInt32(bitPattern: x) &* 0x85EB_CA77
        h = (h << 13) | (h >> 19)
        h ^= UInt32(bitPattern: y) &* 0xC2B2_AE3D
        h ^= h >> 15
        h = h &* 0x2C1B_3C6D
        h ^= h >> 12
        h = h &* 0x297A_2D39
        h ^= h >> 15
        return h
    }
}

package enum Wobble {
    /// Tiles of the image that are checked for ink at once (pixels a side).
    static let tile = 16

    /// The wobbled image: each pixel of `source` (drawn at `density` px per point)
    /// takes the premultiplied colour found at its own position plus the
    /// displacement, interpolated bilinearly; outside the source is transparent.
    ///
    /// An icon is mostly empty canvas. A tile of the output whose source
    /// neighbourhood (the tile grown by the amplitude and the interpolation's reach)
    /// has no ink can only sample transparent pixels, so it is left transparent
    /// without evaluating the noise there: the result is the same, a few times sooner.
    package static func apply(_ field: DisplacementField, to source: PremultipliedImage, density: Int) -> PremultipliedImage {
        let width = source.width, height = source.height
        let scale = Double(density)
        let reach = Int((field.parameters.amplitude * scale).rounded(.up)) + 1
        let inked = inkedTiles(source)
        let tilesAcross = (width + tile - 1) / tile, tilesDown = (height + tile - 1) / tile
        var out = PremultipliedImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: source.pixels.count))
        source.withPixels { pixels in
            out.withMutablePixels { out in
                func texel(_ cx: Int, _ cy: Int) -> SIMD4<Float> {
                    guard cx >= 0, cy >= 0, cx < width, cy < height else { return .zero }
                    return SIMD4<Float>(pixels[pixels.pixel(x: cx, y: cy)])
                }
                for tileY in 0..<tilesDown {
                    for tileX in 0..<tilesAcross {
                        let xs = (tileX * tile)..<min(width, (tileX + 1) * tile)
                        let ys = (tileY * tile)..<min(height, (tileY + 1) * tile)
                        let nearX = max(0, (xs.lowerBound - reach) / tile)...min(tilesAcross - 1, (xs.upperBound - 1 + reach) / tile)
                        let nearY = max(0, (ys.lowerBound - reach) / tile)...min(tilesDown - 1, (ys.upperBound - 1 + reach) / tile)
                        guard nearY.contains(where: { ty in nearX.contains { inked[ty * tilesAcross + $0] } }) else { continue }
                        for y in ys {
                            let pointY = (Double(y) + 0.5) / scale
                            for x in xs {
                                let (dx, dy) = field.displacement(x: (Double(x) + 0.5) / scale, y: pointY)
                                // The displaced point in source pixel coordinates (pixel centres at whole numbers).
                                let sx = Double(x) + dx * scale, sy = Double(y) + dy * scale
                                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                                let tx = Float(sx - Double(x0)), ty = Float(sy - Double(y0))
                                let top = texel(x0, y0) * (1 - tx) + texel(x0 + 1, y0) * tx
                                let bottom = texel(x0, y0 + 1) * (1 - tx) + texel(x0 + 1, y0 + 1) * tx
                                // Non-negative, so adding ½ and truncating rounds to nearest.
                                let sample = top * (1 - ty) + bottom * ty + 0.5
                                // Truncated toward zero, as a conversion to an integer does.
                                out[out.pixel(x: x, y: y)] = SIMD4<UInt8>(sample.replacing(with: 255, where: sample .> 255), rounding: .towardZero)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// For each tile, row by row, whether any of its pixels has ink (premultiplied,
    /// so a pixel without alpha is all zeros).
    static func inkedTiles(_ image: PremultipliedImage) -> [Bool] {
        let tilesAcross = (image.width + tile - 1) / tile, tilesDown = (image.height + tile - 1) / tile
        var inked = [Bool](repeating: false, count: tilesAcross * tilesDown)
        image.withPixels { pixels in
            for y in 0..<image.height {
                for x in 0..<image.width where pixels[x: x, y: y, .alpha] != 0 {
                    inked[(y / tile) * tilesAcross + x / tile] = true
                }
            }
        }
        return inked
    }
}

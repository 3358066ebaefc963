import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxSVG
@testable import BijouxTestKit

/// The wobble: really there, bounded by its amplitude, the same size in points at
/// every scale, and deterministic.
@Suite("Icon wobble")
struct WobbleTests {
    static let names = ["give", "pass-on", "photo-slot", "receive", "wear"]

    static func icon(_ name: String, _ wobble: WobbleParameters) throws -> DrawnIcon {
        let path = TestPaths.art + "/icons/\(name).svg"
        return try DrawnIcon.make(name: name, file: path, svg: try FileIO.read(path), wobble: wobble)
    }

    static func standard(_ name: String) -> WobbleParameters { .standard(seed: WobbleParameters.seed(forName: name)) }

    static func off(_ name: String) -> WobbleParameters {
        var wobble = standard(name)
        wobble.amplitude = 0
        return wobble
    }

    /// Mean and largest absolute difference of alpha, in 1/255.
    static func alphaDifference(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, max: Int) {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0, largest = 0
        for i in stride(from: 3, to: a.pixels.count, by: 4) {
            let d = abs(Int(a.pixels[i]) - Int(b.pixels[i]))
            sum += d
            largest = max(largest, d)
        }
        return (Double(sum) / Double(a.width * a.height), largest)
    }

    // MARK: The displacement field

    /// Whoever makes them, the field takes its parameters within their documented ranges,
    /// and its noise is a number wherever it is asked: far past any icon, and at points that
    /// are not numbers, where `Int(x)` would trap.
    @Test func theFieldIsBoundedWhateverItIsGiven() {
        let field = DisplacementField(WobbleParameters(amplitude: .nan, wavelength: 0, octaves: 64, seed: 3))
        #expect(field.parameters == WobbleParameters(amplitude: 0, wavelength: 1, octaves: 5, seed: 3))
        #expect(DisplacementField(WobbleParameters(amplitude: 1e9, wavelength: 1e9, octaves: -1, seed: 3)).parameters.amplitude == 8)
        let wide = DisplacementField(WobbleParameters(amplitude: 8, wavelength: 1, octaves: 5, seed: 3))
        for x in [1e20, -1e300, 9.3e18, .infinity, .nan] {
            let (dx, dy) = wide.displacement(x: x, y: x)
            #expect(dx.isFinite && dy.isFinite, "\(x)")
        }
    }

    @Test(arguments: [(0.5, 8.0, 2), (1.5, 4.0, 4), (0.25, 20.0, 1)])
    func displacementNeverExceedsTheAmplitudeAndComesNearIt(amplitude: Double, wavelength: Double, octaves: Int) {
        for seed: UInt32 in [0, 1, 0xDEAD_BEEF] {
            let field = DisplacementField(WobbleParameters(amplitude: amplitude, wavelength: wavelength, octaves: octaves, seed: seed))
            var largest = 0.0, total = 0.0, count = 0.0
            for y in stride(from: -30.0, through: 90.0, by: 0.37) {
                for x in stride(from: -30.0, through: 90.0, by: 0.37) {
                    let (dx, dy) = field.displacement(x: x, y: y)
                    let length = (dx * dx + dy * dy).squareRoot()
                    largest = max(largest, length)
                    total += length
                    count += 1
                }
            }
            #expect(largest <= amplitude * (1 + 1e-12))
            // Over 120 × 120 pt the amplitude is approached, so it is a real scale, not just a bound.
            #expect(largest >= amplitude * 0.6, "seed \(seed): largest \(largest)")
            #expect(total / count >= amplitude * 0.15 && total / count <= amplitude * 0.5)
        }
    }

    /// Smooth: between two points a hundredth of the wavelength apart the
    /// displacement changes by a small fraction of the amplitude (no seams at the
    /// noise lattice, no jumps where the length is capped).
    @Test func displacementIsSmooth() {
        let wobble = WobbleParameters.standard(seed: 42)
        let field = DisplacementField(wobble)
        let step = wobble.wavelength / 100
        for y in stride(from: 0.0, to: 40, by: 0.5) {
            for x in stride(from: 0.0, to: 40, by: step) {
                let a = field.displacement(x: x, y: y), b = field.displacement(x: x + step, y: y)
                #expect(abs(a.dx - b.dx) + abs(a.dy - b.dy) < wobble.amplitude * 0.1)
            }
        }
    }

    @Test func seedsComeFromNamesAndChangeTheField() {
        #expect(WobbleParameters.seed(forName: "give") == WobbleParameters.seed(forName: "give"))
        #expect(Set(Self.names.map(WobbleParameters.seed(forName:))).count == Self.names.count)
        let a = DisplacementField(.standard(seed: 1)).displacement(x: 3.3, y: 7.1)
        let b = DisplacementField(.standard(seed: 2)).displacement(x: 3.3, y: 7.1)
        #expect(a != b)
        #expect(DisplacementField(.standard(seed: 1)).displacement(x: 3.3, y: 7.1) == a)
    }

    /// `Wobble.apply` leaves tiles that no ink can reach untouched; the result must
    /// be exactly that of sampling every pixel. Two small blobs, each inside one tile,
    /// under the strongest wobble allowed, which carries their ink several tiles away.
    @Test func skippingEmptyTilesChangesNothing() {
        let density = 12, width = 400, height = 300, tile = Wobble.tile
        let blobs = [(24, 40), (312, 232)]
        var source = PremultipliedImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        for (cx, cy) in blobs {
            for y in (cy - 4)...(cy + 4) {
                for x in (cx - 4)...(cx + 4) {
                    let i = (y * width + x) * 4
                    source.pixels[i..<(i + 4)] = [UInt8(x % 256), 90, UInt8(y % 256), 200]
                }
            }
        }
        let field = DisplacementField(WobbleParameters(amplitude: WobbleParameters.amplitudeRange.upperBound, wavelength: 12, octaves: 2, seed: 9))
        let fast = Wobble.apply(field, to: source, density: density)
        var everyPixel = [UInt8](repeating: 0, count: source.pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let d = field.displacement(x: (Double(x) + 0.5) / Double(density), y: (Double(y) + 0.5) / Double(density))
                let sx = Double(x) + d.dx * Double(density), sy = Double(y) + d.dy * Double(density)
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let tx = Float(sx - Double(x0)), ty = Float(sy - Double(y0))
                for c in 0..<4 {
                    func at(_ u: Int, _ v: Int) -> Float {
                        u < 0 || v < 0 || u >= width || v >= height ? 0 : Float(source.pixels[(v * width + u) * 4 + c])
                    }
                    let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
                    let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
                    everyPixel[(y * width + x) * 4 + c] = UInt8(min(255, top * (1 - ty) + bottom * ty + 0.5))
                }
            }
        }
        let differing = zip(fast.pixels, everyPixel).filter { $0 != $1 }.count
        #expect(differing == 0)
        // Each blob lies inside one tile, and the wobble carries ink further than the
        // next tile: only the reach of the amplitude keeps those tiles from being skipped.
        #expect(Wobble.inkedTiles(source).filter { $0 }.count == 2)
        let farInk = (0..<height).contains { y in
            (0..<width).contains { x in
                fast.pixels[(y * width + x) * 4 + 3] > 0
                    && blobs.allSatisfy { max(abs(x / tile - $0.0 / tile), abs(y / tile - $0.1 / tile)) >= 2 }
            }
        }
        #expect(farInk)
    }

    // MARK: The rendered icons

    /// The wobble is there: the wobbled icon differs from the plain one at every
    /// scale, by more than antialiasing would explain.
    @Test(arguments: names)
    func wobbledDiffersFromPlain(_ name: String) throws {
        let wobbled = try Self.icon(name, Self.standard(name)), plain = try Self.icon(name, Self.off(name))
        for (w, p) in zip(wobbled.renders, plain.renders) {
            let difference = Self.alphaDifference(w, p)
            #expect(difference.mean >= 2 && difference.max >= 48, "\(name) \(w.width) px: \(difference)")
        }
    }

    /// Smallest radius (in pixels, to a quarter pixel) within which every pixel of
    /// `from` with alpha ≥ `threshold` finds some ink (alpha > 0) in `to`.
    static func reach(from: RGBAImage, to: RGBAImage, threshold: UInt8 = 32) -> Double {
        var worst = 0.0
        for y in 0..<from.height {
            for x in 0..<from.width where from[x, y].a >= threshold {
                var radius = 0.0
                search: while true {
                    let r = Int(radius)
                    for v in max(0, y - r)...min(to.height - 1, y + r) {
                        for u in max(0, x - r)...min(to.width - 1, x + r) {
                            let d2 = Double((u - x) * (u - x) + (v - y) * (v - y))
                            if d2 <= radius * radius && to[u, v].a > 0 { break search }
                        }
                    }
                    radius += 0.25
                }
                worst = max(worst, radius)
            }
        }
        return worst
    }

    /// No ink moves further than the amplitude: at @3x every inked pixel of the
    /// wobbled icon has ink of the plain icon within amplitude·3 px, and every inked
    /// pixel of the plain icon has wobbled ink that near, give or take 1 px for
    /// antialiasing and interpolation. Pixels count as inked from alpha 32/255, so
    /// the faint end of an antialiased edge does not decide the answer.
    @Test(arguments: names)
    func noInkMovesFurtherThanTheAmplitude(_ name: String) throws {
        let wobble = Self.standard(name)
        let wobbled = try Self.icon(name, wobble).renders[2], plain = try Self.icon(name, Self.off(name)).renders[2]
        let bound = wobble.amplitude * 3 + 1
        #expect(Self.reach(from: wobbled, to: plain) <= bound)
        #expect(Self.reach(from: plain, to: wobbled) <= bound)
        // The check has teeth: five times the amplitude moves ink past that bound.
        var strong = wobble
        strong.amplitude *= 5
        let shaken = try Self.icon(name, strong).renders[2]
        #expect(max(Self.reach(from: shaken, to: plain), Self.reach(from: plain, to: shaken)) > bound)
    }

    /// The wobble has the same size in points at every scale. Two comparisons of the
    /// @3x render, brought down to @1x, with the @1x render:
    ///
    /// - by area average (what the @1x render is made with): alpha agrees within
    ///   1/255, the rounding of the @3x file. The three scales are one drawing.
    /// - by the project's resampler (`Resample.resize`, Mitchell): the filters differ
    ///   at edges, so the plain icon already differs, by up to ~6/255 on average and
    ///   ~40/255 at worst on these icons. The tolerance is that (mean ≤ 6, max ≤ 48),
    ///   and on average the wobbled icon may add at most 1/255 to the plain icon's
    ///   mismatch. (Its worst pixel moves with the wobble's sub-pixel phase, so it is
    ///   held to the tolerance only.) A wobble drawn with another seed (a different
    ///   wobble of the same size) breaks the tolerance, so it is tight enough to see
    ///   a wobble that is not the same one.
    @Test(arguments: names)
    func sameWobbleAtEveryScale(_ name: String) throws {
        let wobbled = try Self.icon(name, Self.standard(name))
        let (at1x, at3x) = (wobbled.renders[0], wobbled.renders[2])

        let premultiplied = Resample.premultiply(at3x).pixels.map { UInt8($0.rounded()) }
        let averaged = PremultipliedImage(width: at3x.width, height: at3x.height, pixels: premultiplied).boxDownsampled(by: 3)
        #expect(Self.alphaDifference(averaged, at1x).max <= 1)

        let mitchell = Self.alphaDifference(Resample.resize(at3x, width: at1x.width, height: at1x.height), at1x)
        let plain = try Self.icon(name, Self.off(name))
        let baseline = Self.alphaDifference(Resample.resize(plain.renders[2], width: at1x.width, height: at1x.height), plain.renders[0])
        #expect(mitchell.mean <= 6 && mitchell.max <= 48, "\(name): \(mitchell)")
        #expect(mitchell.mean <= baseline.mean + 1, "\(name): \(mitchell) vs plain \(baseline)")

        var otherSeed = Self.standard(name)
        otherSeed.seed &+= 1
        let other = try Self.icon(name, otherSeed).renders[0]
        #expect(Self.alphaDifference(Resample.resize(at3x, width: at1x.width, height: at1x.height), other).max > 48)
    }

    /// The icon is drawn in the light ink wherever it has ink, at every scale.
    @Test func paintedInTheLightInk() throws {
        for render in try Self.icon("wear", Self.standard("wear")).renders {
            for y in 0..<render.height {
                for x in 0..<render.width where render[x, y].a >= 64 {
                    let p = render[x, y], ink = DrawnIcon.ink
                    #expect(abs(Int(p.r) - Int(ink.r)) <= 2 && abs(Int(p.g) - Int(ink.g)) <= 2 && abs(Int(p.b) - Int(ink.b)) <= 2, "\(p)")
                }
            }
        }
    }

    @Test func sameBytesEveryTime() throws {
        let a = try Self.icon("give", Self.standard("give")), b = try Self.icon("give", Self.standard("give"))
        #expect(a.renders == b.renders)
    }
}

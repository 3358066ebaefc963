import Dispatch
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit

@Suite("Parallel work: the same result for any number of threads")
struct ParallelTests {
    /// Every index of every band runs once, for counts smaller and larger than the jobs,
    /// and also when called from inside `Parallel.map` (as a build's job calls it).
    @Test(arguments: [(0, 2), (1, 2), (2, 3), (7, 2), (100, 3), (1000, 8)])
    func everyIndexRunsOnce(count: Int, jobs: Int) {
        let seen = Locked([Int](repeating: 0, count: count))
        Parallel.forEachBand(count, jobs: jobs) { band in
            for index in band { seen.withLock { $0[index] += 1 } }
        }
        #expect(seen.value.allSatisfy { $0 == 1 })

        let nested = Parallel.map(3, jobs: 2) { _ in
            let inner = Locked(0)
            Parallel.forEachBand(count, jobs: jobs) { band in inner.withLock { $0 += band.count } }
            return inner.value
        }
        #expect(nested == [count, count, count])
    }

    /// Keying and resampling split their rows among threads; the pixels never change.
    @Test func keyingAndResamplingGiveTheSamePixelsOnAnyNumberOfThreads() throws {
        let art = Synthetic.paintedDisc(width: 301, height: 277, center: (150, 140), radius: 110, softness: 9, color: (240, 120, 60))
        let keyed = LuminanceKey.key(art, blackPoint: 6)
        let bounds = PaintedBounds.of(keyed)
        for threads in [2, 3, 7] {
            #expect(LuminanceKey.key(art, blackPoint: 6, threads: threads) == keyed)
            let painted = try #require(CharmCanvas.painted(keyed, bounds: bounds, threads: threads))
            for scale in CharmCanvas.scales {
                #expect(
                    CharmCanvas.standard.render(painted, scale: scale, threads: threads) == CharmCanvas.standard.render(keyed, bounds: bounds, scale: scale))
            }
        }
    }
}

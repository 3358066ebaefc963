import Foundation
import Testing

extension Tag {
    /// A test that runs swiftc, starts the tool as a process to build, opens a browser,
    /// builds or renders the whole sample art or its app icon (three 1,024-pixel variants),
    /// or builds every stage's art (`EngineFixtures.everyStage`, the app icon included) and
    /// builds it again: a second or more each, where most tests take milliseconds. Always
    /// written with `.notInFastRun` beside it.
    @Tag static var slow: Self
}

/// `make test-fast` sets BIJOUX_FAST_TESTS=1 to run only the tests not tagged `.slow`.
/// This toolchain's `swift test` cannot select by tag (its `--filter` and `--skip` are
/// regular expressions over test IDs, and `tag:slow` is matched as one), so each slow
/// test also carries this condition, and Swift Testing reports it skipped, with why.
enum FastRun {
    static let variable = "BIJOUX_FAST_TESTS"
    static let isOn = ProcessInfo.processInfo.environment[variable] == "1"
}

extension Trait where Self == ConditionTrait {
    /// Disabled when BIJOUX_FAST_TESTS=1 (`make test-fast`); goes with `.tags(.slow)`.
    static var notInFastRun: Self {
        .disabled(if: FastRun.isOn, "slow: skipped by make test-fast")
    }
}

import Foundation
import Testing

@testable import BijouxAssets
@testable import BijouxCore
@testable import BijouxTestKit
@testable import BijouxTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 21, item 1: a drawing that runs past its limit is stopped, not just no longer
/// waited for. Each icon is drawn by the helper process bijoux-render, killed at its
/// deadline; a build stops at the first icon that hits a limit, caps its icons and
/// their total drawing time, and `watch` kills the drawings of a superseded build.
/// The limits are shortened here (`RenderLimits`, `BIJOUX_RENDER_TIME_LIMIT`) and the
/// drawings take far longer, so no bound below is tight.
@Suite("Renders that stop")
struct RenderLimitTests {
    static let file = "art/icons/slow.svg"

    static let fastSVG = #"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect x="4" y="4" width="16" height="16"/></svg>"#

    /// Whether `pid` names a process (a zombie too): signal 0 finds it.
    static func exists(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    /// Seconds since `start`.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
    static func poll(_ timeout: Double, _ condition: () -> Bool) -> Bool {
        let start = ContinuousClock.now
        while !condition() {
            if seconds(since: start) > timeout { return false }
            usleep(20_000)
        }
        return true
    }

    @Test func aChildPastItsDeadlineIsKilledAndReaped() throws {
        let start = ContinuousClock.now
        let result = try ChildProcess.run("/bin/sleep", ["600"], limits: .init(deadline: 0.3))
        let took = Self.seconds(since: start)
        print("a child past its 0.3 s deadline: killed (signal \(result.signal ?? 0)) and reaped after \(took) s")
        #expect(result.stopped == .deadline && result.signal == SIGKILL)
        #expect(result.pid > 0 && !Self.exists(result.pid), "process \(result.pid) is still there")
        #expect(took < 60)
    }

    @Test func aCancelledChildIsKilledAndReaped() throws {
        let start = ContinuousClock.now
        let result = try ChildProcess.run("/bin/sleep", ["600"], limits: .init(cancelled: { _ in Self.seconds(since: start) > 0.2 }))
        #expect(result.stopped == .cancelled && result.signal == SIGKILL)
        #expect(result.pid > 0 && !Self.exists(result.pid), "process \(result.pid) is still there")
    }

    /// The limit counts work, not the clock: a child that waits uses no CPU and is
    /// stopped only by the clock's backstop; one that works is stopped at its CPU limit,
    /// whatever the clock says. (Only Linux lets the tool read a running child's CPU time.)
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat"), "reads a running child's CPU clock, which only Linux gives"))
    func aChildIsStoppedByTheCPUTimeItUsesNotByTheClock() throws {
        let waiting = try ChildProcess.run("/bin/sleep", ["600"], limits: .init(cpu: 0.2, deadline: 1))
        #expect(waiting.stopped == .deadline && waiting.cpuSeconds < 0.2 && waiting.seconds >= 1)
        let working = try ChildProcess.run("/bin/sh", ["-c", "while :; do :; done"], limits: .init(cpu: 0.3, deadline: 120))
        print("a busy child at a 0.3 s CPU limit: stopped after \(working.cpuSeconds) s of CPU, \(working.seconds) s by the clock")
        #expect(working.stopped == .cpuLimit && working.signal == SIGKILL)
        #expect(working.cpuSeconds >= 0.3 && working.seconds < 120)
        #expect(!Self.exists(working.pid))
    }

    /// Issue 45, finding 8: the clock stops a drawing only once it stalls, its CPU time
    /// the same for `RenderLimits.stall` seconds; one that keeps gaining CPU time, however
    /// slowly, goes on. (The readings are given their times: no clock is read here.)
    @Test func theStallRuleStopsOnlyADrawingWhoseCPUTimeStaysTheSame() {
        var waiting = StallRule(seconds: 10)
        let readings = [(0.1, 100.0), (0.1, 109.98), (0.1, 110)].map { waiting.stalled(cpu: $0.0, at: $0.1) }
        #expect(readings == [false, false, true])
        // At nice 19 beside busy loops: a millisecond of CPU now and then, for 200 s by
        // the clock, twenty times the CPU limit's length.
        var starved = StallRule(seconds: 10)
        var cpu = 0.0
        var stalledAt: [Double] = []
        for tick in 0..<10_000 {
            if tick % 300 == 0 { cpu += 0.001 }
            if starved.stalled(cpu: cpu, at: Double(tick) * 0.02) { stalledAt.append(Double(tick) * 0.02) }
        }
        #expect(stalledAt.isEmpty)
        #expect(RenderLimits.standard.stall == 10 && RenderLimits(perIcon: 0.2, total: 1).stall == 1)
    }

    /// A drawing that keeps working slowly (a renderer that works a little, sleeps 0.3 s,
    /// and so on for about 5 s by the clock before it draws) is drawn: by the clock it
    /// took more than 5 times its 0.5 s CPU limit, the old backstop, but its CPU time
    /// never stopped growing for the 1 s that would make it stalled.
    @Test(.tags(.slow), .notInFastRun, .enabled(if: RenderLimits.readsRunningCPU, "reads a running child's CPU clock, which only Linux gives"))
    func aDrawingThatKeepsWorkingSlowlyIsDrawn() throws {
        let folder = TestPaths.temporaryFolder("slow-working")
        folder.write("art/icons/slow.svg", Self.fastSVG)
        let dance = "n=0; while [ $n -lt 16 ]; do i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done; sleep 0.3; n=$((n+1)); done"
        folder.write("helper/bijoux-render", "#!/bin/sh\n\(dance)\nexec '\(IconRenderer.helper)' \"$@\"\n")
        chmod(folder.path + "/helper/bijoux-render", 0o755)
        let result = try CLI.run(
            ["build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--quiet"],
            environment: [RenderLimits.perIconVariable: "0.5", IconRenderer.helperVariable: folder.path + "/helper/bijoux-render"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.exists("out/Assets.xcassets/Icons/slow.imageset/slow@3x.png"))
    }

    /// A drawing that stalls (here a renderer that only sleeps) is stopped once its CPU
    /// time has not grown for `RenderLimits.stall` seconds (where it is not read, at
    /// `RenderLimits.wallFactor` times its CPU limit by the clock), and the message says so.
    @Test(.tags(.slow), .notInFastRun) func aDrawingThatStallsIsStopped() throws {
        let folder = TestPaths.temporaryFolder("stalled")
        folder.write("art/icons/stalled.svg", Self.fastSVG)
        folder.write("helper/bijoux-render", "#!/bin/sh\nexec sleep 600\n")
        chmod(folder.path + "/helper/bijoux-render", 0o755)
        let result = try CLI.run(
            ["build", "--art", folder.path + "/art", "--out", folder.path + "/out"],
            environment: [RenderLimits.perIconVariable: "0.2", IconRenderer.helperVariable: folder.path + "/helper/bijoux-render"])
        #expect(result.status == 1)
        let stalled =
            RenderLimits.readsRunningCPU
            ? """
            stalled: its drawing used no CPU for 1 s by the clock, so the build stopped there (a drawing that does no work for as long as its CPU limit \
            has stalled)
            """
            : """
            took more than 1 s by the clock to draw, so the build stopped there (a drawing may take 5 times its 0.2 s of CPU by the clock, on a busy \
            machine); it stalled, or the machine is overloaded
            """
        #expect(result.stderr == "\(folder.path)/art/icons/stalled.svg: error: \(stalled)\n")
        #expect(!folder.exists("out"))
    }

    /// The drawing goes on no longer than its limit: its process is killed and gone.
    @Test func aRenderPastItsLimitIsKilledAndItsProcessIsGone() throws {
        let renders = RenderSession(limits: RenderLimits(perIcon: 0.5, total: 600))
        let start = ContinuousClock.now
        #expect {
            try DrawnIcon.make(name: "slow", file: Self.file, svg: Array(IconFixtures.slowSVG().utf8), wobble: .standard(seed: 1), renders: renders)
        } throws: { error in
            "\(error)"
                == """
                \(Self.file): used more than 0.5 s of CPU to draw, so the build stopped there (an icon may use 0.5 s of CPU to draw and a build's icons 600 s \
                in all); simplify its filters, blurs and <use>s
                """
        }
        let took = Self.seconds(since: start)
        print("a render past its 0.5 s limit: stopped after \(took) s, its process \(renders.helpers) gone")
        #expect(renders.helpers.count == 1)
        for pid in renders.helpers { #expect(!Self.exists(pid), "render process \(pid) is still there") }
        #expect(took < 60)
    }

    /// The icons of a build have `total` seconds between them: the icon whose drawing
    /// runs into it is named, and the icons after it are not drawn.
    @Test func theTotalDrawingTimeOfABuildIsCapped() throws {
        let renders = RenderSession(limits: RenderLimits(perIcon: 600, total: 0.5))
        let message =
            """
            \(Self.file): drawing it took the build's icons past 0.5 s of CPU in all, so the build stopped there (an icon may use 600 s of CPU to draw and a \
            build's icons 0.5 s in all); simplify the icons' filters, blurs and <use>s
            """
        #expect {
            try DrawnIcon.make(name: "slow", file: Self.file, svg: Array(IconFixtures.slowSVG().utf8), wobble: .standard(seed: 1), renders: renders)
        } throws: { "\($0)" == message }
        print("the total limit of 0.5 s of CPU: reached after \(renders.spent) s of drawing")
        // The next icon is not drawn: the build's first error stands.
        #expect {
            try DrawnIcon.make(name: "fast", file: "art/icons/fast.svg", svg: Array(Self.fastSVG.utf8), wobble: .standard(seed: 1), renders: renders)
        } throws: { "\($0)" == message }
        #expect(renders.helpers.count == 1)
        for pid in renders.helpers { #expect(!Self.exists(pid), "render process \(pid) is still there") }
    }

    @Test func theNumberOfIconsIsCapped() throws {
        let folder = TestPaths.temporaryFolder("icon-cap")
        for index in 0...RenderLimits.maxIcons { folder.write("art/icons/icon-\(String(format: "%03d", index)).svg", Self.fastSVG) }
        #expect {
            try IconsStage.plan(try ArtFolder(folder.path + "/art"))
        } throws: { error in
            "\(error)" == "\(folder.path)/art/icons/icon-256.svg: one icon too many: a build draws at most 256 icons, and this is number 257"
        }
    }

    /// The finding: 12 icons that each hit the limit took 12 limits and more (and 1.39
    /// GB); now the build stops at the first, with one error, its drawings killed.
    @Test(.tags(.slow), .notInFastRun, .enabled(if: CLI.canMeasure, "no /usr/bin/time to measure the tool's peak memory with (install Debian's time package)"))
    func twelveIconsAtTheLimitGiveOneErrorInAboutOneLimit() throws {
        let folder = TestPaths.temporaryFolder("twelve-slow")
        for index in 1...12 { folder.write("art/icons/slow-\(String(format: "%02d", index)).svg", IconFixtures.slowSVG()) }
        let start = ContinuousClock.now
        let result = try CLI.runMeasured(
            ["build", "--art", folder.path + "/art", "--out", folder.path + "/out", "--jobs", "2"],
            environment: [RenderLimits.perIconVariable: "0.5"])
        let took = Self.seconds(since: start)
        print("12 icons at a 0.5 s limit: one error after \(took) s, peak \(result.peakBytes / 1_048_576) MiB")
        #expect(result.status == 1)
        // (time(1) says the status on a line of its own.)
        let lines = result.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Command exited with") }
        #expect(lines.count == 1, "\(result.stderr)")
        let pattern = #"/art/icons/slow-[0-9]{2}\.svg: error: used more than 0\.5 s of CPU to draw, so the build stopped there"#
        #expect(lines.first?.range(of: pattern, options: .regularExpression) != nil, "\(result.stderr)")
        #expect(took < 60)
        #expect(!folder.exists("out"))
    }
}

/// `watch`: a save during a build cancels it, and its drawing is killed.
@Suite("Watch cancels superseded renders", .tags(.slow), .notInFastRun, .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/cmdline"), "no /proc"))
struct WatchCancelsRendersTests {
    /// The memory limit this test's drawings alone are given (their last argument), which
    /// marks them apart from other tests'.
    static let memoryMiB = 1023

    /// This test's render processes, from /proc.
    static func renders() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
            guard let pid = pid_t(name), let command = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return nil }
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            let ours = arguments.first?.hasSuffix("/" + IconRenderer.helperName) == true && arguments.last == String(memoryMiB)
            return ours ? pid : nil
        }
    }

    @Test func aNewSaveKillsTheRenderOfThePreviousOne() throws {
        let folder = TestPaths.temporaryFolder("watch-cancel")
        folder.write("art/icons/give.svg", RenderLimitTests.fastSVG)
        var options = EngineFixtures.options(folder)
        // No limit stops this drawing in the test's time: only the cancellation can.
        options.renderLimits = RenderLimits(perIcon: 600, total: 600, memoryMiB: Self.memoryMiB)
        let watcher = ArtWatcher(options: options)
        let stop = StopFlag(), events = Locked<[String]>([]), ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            watcher.run(until: stop) { event in events.withLock { $0.append(event.line) } }
            ended.signal()
        }
        defer {
            stop.set()
            ended.wait()
        }
        #expect(RenderLimitTests.poll(120) { events.value.count == 1 }, "no first build: \(events.value)")

        // A bad save: a drawing of minutes.
        folder.write("art/icons/give.svg", IconFixtures.slowSVG(passes: 8, width: 511, height: 509))
        var drawing: [pid_t] = []
        let started = RenderLimitTests.poll(120) {
            drawing = Self.renders()
            return !drawing.isEmpty
        }
        #expect(started, "no drawing started")
        // The next save supersedes it.
        let start = ContinuousClock.now
        folder.write("art/icons/give.svg", RenderLimitTests.fastSVG)
        #expect(RenderLimitTests.poll(60) { !drawing.contains(where: RenderLimitTests.exists) }, "render processes \(drawing) are still there")
        let took = RenderLimitTests.seconds(since: start)
        #expect(RenderLimitTests.poll(120) { events.value.last?.contains("icons/give.svg changed: rebuilt") == true }, "\(events.value)")
        print("watch: a superseded render (process \(drawing)) was killed \(took) s after the next save; then \(events.value.last ?? "")")
        #expect(events.value.count == 2, "the superseded build is not reported: \(events.value)")
    }
}

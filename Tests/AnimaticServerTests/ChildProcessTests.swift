import Glibc
import Testing

@testable import AnimaticServer

/// Real child processes (`/bin/sh`), as the server runs its import worker.
@Suite struct ChildProcessTests {
    func shell(_ script: String, maxOutputBytes: Int = 1 << 20) -> ChildProcess {
        ChildProcess(executable: "/bin/sh", arguments: ["-c", script], maxOutputBytes: maxOutputBytes)
    }

    func soon(_ seconds: Int = 20) -> ContinuousClock.Instant { .now + .seconds(seconds) }

    @Test func inputComesBackWithTheExitStatusAndStandardError() throws {
        // 1 MiB through `cat`: more than a socket buffer each way, so the run must write and
        // read at once (written first, then read, it would wait on itself).
        let input = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let outcome = try shell("cat; echo oops >&2; exit 3").run(input: input, deadline: soon()) { false }
        #expect(outcome == .exited(status: 3, output: input, errors: Array("oops\n".utf8)))
    }

    @Test func theEnvironmentIsTheParentsWithTheAdditionsReplacingTheirNames() throws {
        // No setenv here: tests run in parallel, and setenv under another thread's getenv races.
        var child = shell(
            "printf '%s|%s|%s|' \"$ANIMATIC_CHILD_TEST\" \"$PATH\" \"$HOME\"; env | grep -c '^PATH='")
        child.environment = ["ANIMATIC_CHILD_TEST=child", "PATH=/bin:/usr/bin:/animatic-test"]
        let outcome = try child.run(input: [], deadline: soon()) { false }
        let home = String(cString: getenv("HOME"))
        #expect(
            outcome
                == .exited(status: 0, output: Array("child|/bin:/usr/bin:/animatic-test|\(home)|1\n".utf8), errors: []))
    }

    @Test func aCrashIsItsSignal() throws {
        let outcome = try shell("echo before >&2; kill -SEGV $$").run(input: [], deadline: soon()) { false }
        #expect(outcome == .signalled(SIGSEGV, errors: Array("before\n".utf8)))
    }

    @Test func theDeadlineKillsItAndNothingIsLeft() throws {
        let started = ContinuousClock.now
        // `exec`: the sleep is the child itself, so its pid is the one killed.
        let outcome = try shell("echo $$; exec sleep 30").run(input: [], deadline: .now + .milliseconds(300)) { false }
        let elapsed = ContinuousClock.now - started
        #expect(outcome == .timedOut)
        #expect(elapsed >= .milliseconds(300) && elapsed < .seconds(5))
    }

    @Test func aChildThatReadsNothingStillEnds() throws {
        // Its input is never read: the run stops writing when the child is gone.
        let outcome = try shell("exit 0").run(input: [UInt8](repeating: 1, count: 4 << 20), deadline: soon()) { false }
        #expect(outcome == .exited(status: 0, output: [], errors: []))
    }

    @Test func cancellingKillsIt() throws {
        let started = ContinuousClock.now
        let outcome = try shell("exec sleep 30").run(input: [], deadline: soon()) {
            ContinuousClock.now - started > .milliseconds(200)
        }
        #expect(outcome == .cancelled)
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func tooMuchOutputKillsIt() throws {
        let outcome = try shell("exec yes", maxOutputBytes: 100_000).run(input: [], deadline: soon()) { false }
        #expect(outcome == .outputTooLarge)
    }

    @Test func aMissingExecutableIsASpawnError() {
        let child = ChildProcess(executable: "/nonexistent/animatic", arguments: [], maxOutputBytes: 10)
        #expect(throws: ChildProcess.SpawnError.self) { _ = try child.run(input: [], deadline: soon()) { false } }
    }
}

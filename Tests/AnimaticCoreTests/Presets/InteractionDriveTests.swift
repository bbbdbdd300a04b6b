import Foundation
import Testing
@testable import AnimaticCore

/// The `direct` interaction drive the zoom dismissal needs: wall time is transition time,
/// the samples only mark the release and name the phases.
@Suite struct InteractionDriveTests {
    private func timeline(_ interaction: String) throws -> Timeline {
        let json = """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 0.4, "timing": "linear", "changes": {"v": {"position": [45, 5]}}},
                            {"delay": 0.4, "duration": 0.2, "timing": "linear", "changes": {"v": {"position": [5, 5]}}}],
             "interaction": \(interaction)}
            """
        return TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
    }

    @Test func aDirectCancelPlaysItsReleaseAnimationForwardWithoutARewind() throws {
        let tl = try timeline(
            #"{"progress": [[0, 0], [0.4, 0.3]], "drive": "direct", "release": {"decision": "cancel"}}"#)
        let run = try #require(tl.run)
        #expect(run.phases.map(\.name) == ["interactive", "cancel"])
        #expect(run.phases[0].end == 0.4 && near(run.phases[1].end, 0.6, 1e-12))
        #expect(tl.duration == tl.transitionDuration && near(tl.duration, 0.6, 1e-12))
        // Wall time is transition time.
        #expect(near(tl.state("v", at: 0.2).position.x, 25, 1e-12))
        #expect(near(tl.state("v", at: 0.5).position.x, 25, 1e-12))
        #expect(tl.state("v", at: tl.duration).position.x == 5)
    }

    @Test func aDirectDriveHasNoCompletionRun() {
        let json = """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "interaction": {"progress": [[0, 0]], "drive": "direct", "completionSpeed": 2}}
            """
        let problems: [SpecProblem]
        switch SpecDecoder.decode(bytes: Array(json.utf8)) {
        case .success: problems = []
        case .failure(let p): problems = p.problems
        }
        #expect(problems.map(\.pointer) == ["/interaction/completionSpeed"])
        let bad =
            #"{"layers": [{"id": "v", "frame": [0, 0, 1, 1]}], "interaction": {"progress": [[0, 0]], "drive": "fast"}}"#
        if case .success = SpecDecoder.decode(bytes: Array(bad.utf8)) { Issue.record("an unknown drive is a problem") }
    }

    @Test func theDefaultDriveIsPercent() throws {
        let tl = try timeline(#"{"progress": [[0, 0], [0.1, 0.5]]}"#)
        #expect(tl.run?.drive == .percent)
    }

    @Test func theRunLengthLimitCountsTheRunItself() throws {
        func problems(_ interaction: String) -> [String] {
            let json =
                #"{"layers": [{"id": "v", "frame": [0, 0, 1, 1]}], "animations": [{"duration": 1, "changes": {"v": {"alpha": 0}}}], "interaction": \#(interaction)}"#
            if case .failure(let p) = SpecDecoder.decode(bytes: Array(json.utf8)) { return p.problems.map(\.pointer) }
            return []
        }
        // 59.9 + (1 − 0.6) × 1 / 0.5 = 60.7 s.
        #expect(problems(#"{"progress": [[0, 0], [59.9, 0.6]], "completionSpeed": 0.5}"#) == ["/interaction"])
        #expect(problems(#"{"progress": [[0, 0], [59, 0.6]], "completionSpeed": 0.5}"#) == [])
        // The fold's swipe: completionSpeed = 1 − percent, so finishing takes the duration, not 100 ×.
        let fold = try presetTimeline("fold", #"{"interactive": true, "progress": [[0, 0], [0.3, 0.99]]}"#)
        #expect(near(fold.spec.interaction!.completionSpeed(releasedAt: fold.run!.percentAtRelease), 0.01, 1e-12))
        #expect(near(fold.duration, 1.3, 1e-9))
    }
}

/// A percent-driven interactive run, as `UIPercentDrivenInteractiveTransition` plays it.
///
/// While the finger moves, the paused transition shows transition time
/// `percent × duration` (linear in time; each animation's own curve still maps time to
/// value). On release it finishes — the remaining `(1 − p) × duration / completionSpeed`
/// seconds — or cancels — `p × duration / completionSpeed` seconds back to the start —
/// with `completionCurve` shaping that run's time. A cancelled run ends in its initial state.
/// A `.direct` run (see `InteractionDrive`) shows the spec in wall time and only names
/// the phases; a `.restart` run replays from the presented values (see `RestartRun`).
public struct InteractiveRun: Hashable, Sendable {
    /// How far short of the end Hero's seek stops (`timeOffset = min(duration − 0.01, …)`).
    static let seekMargin = 0.01

    /// The transition time the release shows (where a restart run starts from).
    public var releaseTransitionTime: Double { transitionTime(atWallTime: releaseTime) }

    /// A span of wall-clock time with a name: `interactive`, then `finish` or `cancel`.
    public struct Phase: Hashable, Sendable {
        public var name: String
        public var start: Double
        public var end: Double
    }

    /// Wall times and percentages of the interactive part, after the progress rule.
    public let samples: [ProgressSample]
    public let transitionDuration: Double
    public let releaseTime: Double
    public let percentAtRelease: Double
    /// Percent per second at release (from the last two samples), raw before clamping.
    public let velocityAtRelease: Double
    public let outcome: InteractionOutcome
    public let completionDuration: Double
    public let completionCurve: CubicBezier
    /// Percent-driven or direct manipulation (see `InteractionDrive`).
    public let drive: InteractionDrive

    init(interaction: InteractionSpec, transitionDuration: Double) {
        let (samples, raw) = Self.percentSamples(interaction.input)
        self.samples = samples
        self.transitionDuration = transitionDuration
        releaseTime = samples.last?.time ?? 0
        percentAtRelease = samples.last?.percent ?? 0
        velocityAtRelease = Self.velocity(raw)
        let release = interaction.release
        if let fixed = release.decision {
            outcome = fixed
        } else if release.cancelWhenMovingBack, velocityAtRelease < 0 {
            outcome = .cancel
        } else if let minimum = release.velocity, abs(velocityAtRelease) > minimum {
            outcome = velocityAtRelease > 0 ? .finish : .cancel
        } else {
            outcome = percentAtRelease > release.threshold ? .finish : .cancel
        }
        drive = interaction.drive
        switch drive {
        case .percent:
            let remaining = outcome == .finish ? 1 - percentAtRelease : percentAtRelease
            completionDuration =
                remaining * transitionDuration / interaction.completionSpeed(releasedAt: percentAtRelease)
        case .direct:
            // The release animation is part of the spec: it runs to the transition's end.
            completionDuration = max(transitionDuration - releaseTime, 0)
        case .restart:
            // Hero's resume: duration − timePassed, for a finish and a cancel alike.
            completionDuration = max(transitionDuration - min(max(percentAtRelease, 0), 1) * transitionDuration, 0)
        }
        completionCurve = interaction.completionCurve
    }

    /// Percent samples; with them the unclamped percentages, for the release velocity.
    static func percentSamples(_ input: InteractionInput) -> ([ProgressSample], [ProgressSample]) {
        switch input {
        case .progress(let s):
            return (s, s)
        case let .gesture(g, rule):
            guard let first = g.first else { return ([], []) }
            let raw = g.map { sample -> ProgressSample in
                let delta =
                    rule.axis == .x ? sample.location.x - first.location.x : sample.location.y - first.location.y
                return ProgressSample(time: sample.time, percent: rule.direction * delta / rule.distance)
            }
            return (raw.map { ProgressSample(time: $0.time, percent: min(max($0.percent, 0), 1)) }, raw)
        }
    }

    static func velocity(_ raw: [ProgressSample]) -> Double {
        guard let last = raw.last else { return 0 }
        // The latest earlier sample at a different time.
        for previous in raw.dropLast().reversed() where previous.time < last.time {
            return (last.percent - previous.percent) / (last.time - previous.time)
        }
        return 0
    }

    public var duration: Double {
        drive == .direct ? max(transitionDuration, releaseTime) : releaseTime + completionDuration
    }

    public var phases: [Phase] {
        [
            Phase(name: "interactive", start: 0, end: releaseTime),
            Phase(name: outcome.rawValue, start: releaseTime, end: duration),
        ]
    }

    /// Percent at wall time `t` during the interactive part (linear between samples).
    public func percent(atWallTime t: Double) -> Double {
        guard let first = samples.first else { return 0 }
        if t <= first.time { return first.percent }
        var lo = 0, hi = samples.count - 1
        if t >= samples[hi].time { return samples[hi].percent }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if samples[mid].time <= t { lo = mid } else { hi = mid }
        }
        let a = samples[lo], b = samples[hi]
        return a.percent + (b.percent - a.percent) * (t - a.time) / (b.time - a.time)
    }

    /// The transition time shown at wall time `t`.
    public func transitionTime(atWallTime t: Double) -> Double {
        if drive == .direct { return t }
        let d = transitionDuration
        if drive == .restart {
            // Seeking stops 0.01 s short of the end (Hero's seek); after the release the
            // restarted animations sit after the transition's end (`RestartRun`).
            if t <= releaseTime { return min(percent(atWallTime: t) * d, max(d - Self.seekMargin, 0)) }
            // At the run's end exactly where the restarted tweens end (no rounding short of it).
            return t >= duration ? d + completionDuration : d + min(t - releaseTime, completionDuration)
        }
        if t <= releaseTime { return percent(atWallTime: t) * d }
        let p = percentAtRelease
        let f = completionDuration > 0 ? min((t - releaseTime) / completionDuration, 1) : 1
        let eased = completionCurve.value(at: f)
        switch outcome {
        case .finish: return p * d + (1 - p) * d * eased
        case .cancel: return p * d * (1 - eased)
        }
    }
}

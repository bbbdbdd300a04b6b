/// A block's timing as written in a spec, before it is fitted to the block's duration.
public enum TimingSpec: Hashable, Sendable {
    case bezier(CubicBezier)
    /// `usingSpringWithDamping:initialSpringVelocity:` — fitted to the block's duration.
    case springDamping(ratio: Double, initialVelocity: Double)
    /// `CASpringAnimation` mass / stiffness / damping / initialVelocity.
    case springPhysical(SpringParameters)
    /// iOS 17 `duration` + `bounce`.
    case springPerceptual(duration: Double, bounce: Double, initialVelocity: Double)
    case steps(Int)

    public static let linear = TimingSpec.bezier(.linear)
    public static let easeIn = TimingSpec.bezier(.easeIn)
    public static let easeOut = TimingSpec.bezier(.easeOut)
    public static let easeInEaseOut = TimingSpec.bezier(.easeInEaseOut)
    public static let `default` = TimingSpec.bezier(.default)

    /// The curve a block of `duration` seconds runs along.
    public func curve(duration: Double) -> TimingCurve {
        switch self {
        case .bezier(let b): return .bezier(b)
        case let .springDamping(ratio, velocity):
            return .spring(.uikit(dampingRatio: ratio, initialVelocity: velocity, duration: duration))
        case .springPhysical(let p): return .spring(p)
        case let .springPerceptual(d, bounce, velocity):
            return .spring(.perceptual(duration: d, bounce: bounce, initialVelocity: velocity))
        case .steps(let n): return .steps(n)
        }
    }

    /// The duration a block takes when the spec leaves it out: physical springs run
    /// until they settle; everything else has none.
    public var naturalDuration: Double? {
        switch self {
        case .springPhysical(let p): return p.settlingDuration
        case let .springPerceptual(d, bounce, velocity):
            return SpringParameters.perceptual(duration: d, bounce: bounce, initialVelocity: velocity).settlingDuration
        default: return nil
        }
    }
}

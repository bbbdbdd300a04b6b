/// One Kochanek–Bartels parameter of a keyframe block — `tension`, `continuity` or
/// `bias` — as `CAKeyframeAnimation`'s `tensionValues`, `continuityValues` and
/// `biasValues`: one number for every key, or one per key.
///
/// Per key means one entry for the block's start key (the value presented when the block
/// starts) and then one per keyframe, in the spec's order: `keyframes.count + 1` numbers.
/// A hold key the engine inserts (a gap before a keyframe, the hold to 1) repeats the key
/// it holds, so it takes that key's parameters. Our choice: UIKit's `animateKeyframes`
/// exposes no such arrays, and this is the only mapping a spec author can name.
public enum SplineParameter: Hashable, Sendable {
    case uniform(Double)
    case perKey([Double])

    public static let zero = SplineParameter.uniform(0)

    /// The parameter of key `index` (0 = the start key, k = the end of keyframe k − 1).
    public func value(forKey index: Int) -> Double {
        switch self {
        case .uniform(let v): return v
        case .perKey(let values): return index < values.count ? values[index] : 0
        }
    }

    public var isZero: Bool {
        switch self {
        case .uniform(let v): return v == 0
        case .perKey(let values): return values.allSatisfy { $0 == 0 }
        }
    }
}

/// Kochanek–Bartels tension, continuity and bias of one key.
struct SplineKnot: Hashable, Sendable {
    var tension = 0.0
    var continuity = 0.0
    var bias = 0.0

    static let catmullRom = SplineKnot()
}

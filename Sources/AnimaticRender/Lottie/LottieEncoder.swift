import AnimaticCore
public enum LottieEncoder {
    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] { [] }
}

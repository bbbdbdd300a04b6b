import AnimaticCore
public enum CSSEncoder {
    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] { [] }
}

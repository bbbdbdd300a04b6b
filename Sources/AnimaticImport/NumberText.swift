/// A number as problems and parameters print it: integers without a fraction, others as Swift prints them.
enum NumberText {
    static func format(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), Swift.abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }
}

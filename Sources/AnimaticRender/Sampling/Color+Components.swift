import AnimaticCore

/// A colour as the four numbers a channel animates (red, green, blue, alpha).
extension Color {
    var components: [Double] { [red, green, blue, alpha] }
    init(components c: [Double]) { self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
}

/// How a placeholder image fills its layer's bounds — `UIView.ContentMode`'s three
/// scaling modes (`content: {"image": {"aspect": r, "mode": …}}`).
public enum ImageContentMode: String, Hashable, Sendable, CaseIterable {
    /// `.scaleAspectFill`: the image covers the bounds, keeping its aspect; what overflows
    /// is cut only when the layer `clips` (`clipsToBounds`).
    case fill
    /// `.scaleAspectFit`: the whole image inside the bounds, keeping its aspect, centred.
    case fit
    /// `.scaleToFill`: the image stretched to the bounds.
    case stretch

    /// The image's rectangle in bounds coordinates for an image of aspect `aspect`
    /// (width / height) in bounds of `size`, centred as UIKit centres it.
    public func imageRect(aspect: Double, in size: Size) -> Rect {
        let a = max(aspect, 1e-9)
        switch self {
        case .stretch:
            return Rect(x: 0, y: 0, width: size.width, height: size.height)
        case .fit, .fill:
            let widthLimited = size.width / a <= size.height
            // Fit: the side that limits; fill: the other one.
            let useWidth = self == .fit ? widthLimited : !widthLimited
            let w = useWidth ? size.width : size.height * a
            let h = useWidth ? size.width / a : size.height
            return Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
        }
    }
}

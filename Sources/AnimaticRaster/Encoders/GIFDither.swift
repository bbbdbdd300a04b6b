/// How the GIF encoder spreads the error when a frame has more colours than its palette.
public enum GIFDither: String, Sendable, CaseIterable {
    /// Each pixel takes its nearest palette colour: flat areas stay flat, gradients band.
    /// The default: transitions are mostly flat fills with few colours, where any dither
    /// would only add noise and bytes.
    case none
    /// An 8 × 8 Bayer threshold pattern added before the nearest colour is taken: gradients
    /// look smooth, at the cost of a fixed fine pattern and a larger file.
    case ordered
}

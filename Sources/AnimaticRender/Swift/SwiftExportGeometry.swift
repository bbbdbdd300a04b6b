/// How the Swift export writes geometry (`?geometry=`, `--geometry`; docs/EXPORT.md,
/// "Geometry from the container").
public enum SwiftExportGeometry: String, Hashable, Sendable, CaseIterable {
    /// From the container: a preset's measured expressions and constants, explode's loops,
    /// an inline spec's fractions of the container's width and height. The default.
    case container
    /// The spec's numbers, in points for its container: one device's file.
    case points
}

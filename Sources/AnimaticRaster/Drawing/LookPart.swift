/// Which parts of a layer's look one drawing step paints: Core Animation draws a layer's
/// border above its sublayers, so a layer with sublayers is drawn in two steps.
enum LookPart: Equatable {
    /// Shadow, fill, gradient, content and label (the border comes after the sublayers).
    case body
    /// Everything, the border last (a layer without sublayers).
    case bodyAndBorder
    /// Only the border.
    case border
}

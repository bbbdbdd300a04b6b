extension Array {
    /// Element `i` lent to `body` in place — read through the pointer's addressor, so that
    /// `body` loading a few fields of a large element (a `LayerState`) loads those alone,
    /// where the array's subscript and a buffer's subscript getter copy the element out
    /// (callgrind: `LayerState`'s copy witness, 1.8 M instructions in the springs' SVG).
    /// The samples' and the refinement's one way to read a state without a copy.
    @inline(__always) func withElement<R>(_ i: Int, _ body: (borrowing Element) -> R) -> R {
        precondition(i >= 0 && i < count, "Array.withElement: an index of the array")
        return withUnsafeBufferPointer { body($0.baseAddress.unsafelyUnwrapped[i]) }
    }
}

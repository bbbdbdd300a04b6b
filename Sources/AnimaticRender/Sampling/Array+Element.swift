extension Array {
    /// Element `i` lent to `body` in place — read through the array's span (its addressor), so that
    /// `body` loading a few fields of a large element (a `LayerState`) loads those alone,
    /// where the array's subscript and a buffer's subscript getter copy the element out
    /// (callgrind: `LayerState`'s copy witness, 1.8 M instructions in the springs' SVG).
    /// The samples' and the refinement's one way to read a state without a copy.
    @inline(__always) func withElement<R>(_ i: Int, _ body: (borrowing Element) -> R) -> R {
        body(span[i])
    }
}

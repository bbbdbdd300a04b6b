extension Array {
    /// Element `i` lent to `body` in place — read through the buffer pointer's addressor, so
    /// that `body` loading a few fields of a large element (a `LayerState`, a layer's
    /// values) loads those alone. The array's subscript, a buffer's subscript getter and a
    /// `Span`'s subscript all copy the element out when it is passed on to a closure
    /// (callgrind: `LayerState` copies with their `memcpy`, ~0.6 M instructions in the
    /// springs' SVG through a `Span`, 1.8 M through a buffer's getter). The one place the
    /// states and values are read this way; the index is checked.
    @inlinable @inline(__always)
    public func withElement<R>(_ i: Int, _ body: (borrowing Element) -> R) -> R {
        precondition(i >= 0 && i < count, "Array.withElement: an index of the array")
        return withUnsafeBufferPointer { body($0.baseAddress.unsafelyUnwrapped[i]) }
    }

    /// Element `i` lent to `body` to change in place: one uniqueness check of the array for
    /// all of `body`'s writes, each a store of the field alone. The index is checked.
    @inlinable @inline(__always)
    public mutating func withMutableElement<R>(_ i: Int, _ body: (inout Element) -> R) -> R {
        precondition(i >= 0 && i < count, "Array.withMutableElement: an index of the array")
        return withUnsafeMutableBufferPointer { body(&$0.baseAddress.unsafelyUnwrapped[i]) }
    }
}

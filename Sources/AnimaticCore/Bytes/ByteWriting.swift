/// A writer of one text format over a `ByteWriter`: the buffer's raw bytes and numbers,
/// plus what the format adds (`JSONWriter`, `MarkupWriter`).
///
/// The members here only forward to `output`, inlined, so a front end costs nothing over
/// writing to the buffer directly; they exist so encoders write `w.raw("<g")` and
/// `w.number(x)` whatever their format.
public protocol ByteWriting {
    /// The bytes written so far, and the room to write more.
    var output: ByteWriter { get set }
}

extension ByteWriting {
    /// Everything written so far.
    @inlinable public var bytes: [UInt8] { output.bytes }

    /// Bytes written so far.
    @inlinable public var count: Int { output.count }

    @inlinable public var isEmpty: Bool { output.isEmpty }

    /// The most bytes the output may take (`ByteWriter.budget`).
    @inlinable public var budget: Int {
        get { output.budget }
        set { output.budget = newValue }
    }

    /// True once more than `budget` bytes are written (`ByteWriter.isOverBudget`).
    @inlinable public var isOverBudget: Bool { output.isOverBudget }

    /// Decimals after the point that `number` writes at most.
    @inlinable public var fractionDigits: Int {
        get { output.fractionDigits }
        set { output.fractionDigits = newValue }
    }

    /// Everything written, without a copy; the writer is empty afterwards.
    @inlinable public mutating func takeBytes() -> [UInt8] { output.takeBytes() }

    /// Lets `body` write up to `maxCount` bytes at the end; it returns how many it wrote.
    @inlinable @inline(__always)
    public mutating func withSpace(_ maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        output.withSpace(maxCount, body)
    }

    /// Lets `body` write up to `maxCount` bytes at the end through a counted room
    /// (`ByteWriter.withRoom`: traps when it wrote more).
    @inlinable @inline(__always)
    public mutating func withRoom(_ maxCount: Int, _ body: (inout ByteWriter.Room) -> Void) {
        output.withRoom(maxCount, body)
    }

    @inlinable @inline(__always) public mutating func raw(_ byte: UInt8) { output.raw(byte) }

    @inlinable public mutating func raw(_ s: StaticString) { output.raw(s) }

    /// Disfavoured: a string literal would otherwise take this overload (String is the
    /// literal's default type) and pay for a `String` and its UTF-8 view on every call,
    /// where `raw(_: StaticString)` copies bytes fixed at compile time.
    @_disfavoredOverload @inlinable public mutating func raw(_ s: String) { output.raw(s) }

    /// Appends bytes as they are.
    @inlinable public mutating func raw(bytes source: UnsafeBufferPointer<UInt8>) { output.raw(bytes: source) }

    @inlinable public mutating func raw(_ source: [UInt8]) { output.raw(source) }

    /// Appends a copy of `count` bytes already written, from offset `start`.
    @inlinable public mutating func repeatBytes(from start: Int, count n: Int) {
        output.repeatBytes(from: start, count: n)
    }

    /// Everything another writer of the same format holds.
    @inlinable public mutating func append(_ other: Self) { output.append(other.output) }

    @inlinable public mutating func integer(_ value: Int) { output.integer(value) }

    /// A number rounded to `fractionDigits` decimals (half away from zero).
    @inlinable public mutating func number(_ value: Double) { output.number(value) }
}

extension ByteWriter {
    /// A counted stretch of the buffer's spare room, reserved by `withRoom`: the writers
    /// that fill one stretch with text and numbers write through it instead of a bare
    /// pointer. It counts what is written (`count`, `remaining`); `withRoom` checks the
    /// count against the reservation once, when the stretch is done — one compare per
    /// reserved stretch, not per byte — and traps on an overrun (a room computed too small
    /// for what was written), in release builds too, rather than go on past a heap that a
    /// bare pointer would have overwritten silently.
    ///
    /// The methods do not check `remaining` each: the reservation is the caller's promise
    /// (each method's most bytes are documented: `ByteWriter.maxNumberLength` per number),
    /// and the check at the end is what holds it to it.
    public struct Room {
        @usableFromInline let start: UnsafeMutablePointer<UInt8>
        /// Bytes reserved.
        public let capacity: Int
        /// Bytes written so far.
        public var count: Int { written }
        @usableFromInline var written: Int

        @inlinable init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
            self.start = start
            self.capacity = capacity
            written = 0
        }

        /// Bytes reserved and not yet written.
        @inlinable public var remaining: Int { capacity &- written }

        @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
            start[written] = b
            written &+= 1
        }

        /// The literal's bytes.
        @inlinable @inline(__always) public mutating func put(_ s: StaticString) {
            written &+= ByteWriter.put(s, at: start + written)
        }

        /// Bytes as they are.
        @inlinable @inline(__always) public mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
            guard let base = source.baseAddress else { return }
            (start + written).update(from: base, count: source.count)
            written &+= source.count
        }

        /// `source[from..<from + count]` as they are (a slot of a table of byte strings).
        @inlinable @inline(__always) public mutating func bytes(_ source: [UInt8], from: Int, count n: Int) {
            precondition(from >= 0 && from &+ n <= source.count, "Room.bytes: a range of the source")
            source.withUnsafeBufferPointer {
                (start + written).update(from: $0.baseAddress.unsafelyUnwrapped + from, count: n)
            }
            written &+= n
        }

        /// The bytes `count` back from the end of what this room holds, repeated (`count` ≤
        /// `self.count`): a copy of a stretch just written.
        @inlinable public mutating func repeatLast(_ n: Int) {
            (start + written).update(from: start + written - n, count: n)
            written &+= n
        }

        /// A whole number in decimal (at most 20 digits and a sign).
        @inlinable @inline(__always) public mutating func integer(_ value: Int) {
            if value < 0 {
                start[written] = UInt8(ascii: "-")
                written &+= 1 &+ ByteWriter.writeUnsigned(UInt64(value.magnitude), to: start + written + 1)
            } else {
                written &+= ByteWriter.writeUnsigned(UInt64(value), to: start + written)
            }
        }

        /// A number as `ByteWriter.number` writes it with `fractionDigits` decimals (at most
        /// `ByteWriter.maxNumberLength` bytes).
        @inlinable @inline(__always) public mutating func number(_ value: Double, fractionDigits: Int) {
            written &+= ByteWriter.writeNumber(value, fractionDigits: fractionDigits, to: start + written)
        }

        /// Six decimals (the JSON timeline's), with the digit table at hand.
        @inlinable @inline(__always) public mutating func number6(_ value: Double, digits: DigitTable) {
            written &+= ByteWriter.writeNumber6(value, digits: digits, to: start + written)
        }

        /// `[a,b,…]` with six decimals each (at most `values.count` × (`maxNumberLength` + 1)
        /// + 1 bytes): a matrix's entries, the offset kept in a local while they are written.
        @inlinable @inline(__always)
        public mutating func list6(_ values: UnsafeBufferPointer<Double>, digits: DigitTable) {
            var i = written
            start[i] = UInt8(ascii: "[")
            i &+= 1
            if !values.isEmpty {
                i &+= ByteWriter.writeNumber6(values[0], digits: digits, to: start + i)
                for k in 1..<values.count {
                    start[i] = UInt8(ascii: ",")
                    i &+= 1
                    i &+= ByteWriter.writeNumber6(values[k], digits: digits, to: start + i)
                }
            }
            start[i] = UInt8(ascii: "]")
            written = i &+ 1
        }

        /// Three decimals (Lottie's).
        @inlinable @inline(__always) public mutating func number3(_ value: Double, digits: DigitTable) {
            written &+= ByteWriter.writeNumber3(value, digits: digits, to: start + written)
        }

        /// Four decimals (SVG's geometry).
        @inlinable @inline(__always) public mutating func number4(_ value: Double, digits: DigitTable) {
            written &+= ByteWriter.writeNumber4(value, digits: digits, to: start + written)
        }

        /// Nine decimals (CSS's perspective column).
        @inlinable @inline(__always) public mutating func number9(_ value: Double, digits: DigitTable) {
            written &+= ByteWriter.writeNumber9(value, digits: digits, to: start + written)
        }
    }

    /// Lets `body` write up to `maxCount` bytes at the end through a counted `Room`; traps
    /// when it wrote more (see `Room`).
    @inlinable @inline(__always)
    public mutating func withRoom(_ maxCount: Int, _ body: (inout Room) -> Void) {
        if length + maxCount > storage.count { grow(maxCount) }
        let at = length
        let written = storage.withUnsafeMutableBufferPointer { buffer in
            var room = Room(start: buffer.baseAddress.unsafelyUnwrapped + at, capacity: maxCount)
            body(&room)
            return room.written
        }
        precondition(written <= maxCount, "ByteWriter.withRoom: more bytes written than reserved")
        length = at + written
    }
}

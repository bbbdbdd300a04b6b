import Testing

@testable import AnimaticCore

/// `ByteWriter.Room`: what a reserved stretch holds is counted, `remaining` is the
/// reservation less the count, the writer keeps exactly what was written, and writing
/// past the reservation traps (checked once per stretch).
@Suite struct ByteWriterRoomTests {
    @Test func theRoomCountsWhatIsWritten() {
        var w = ByteWriter()
        w.raw("ab")
        var seen: [(count: Int, remaining: Int)] = []
        w.withRoom(64) { room in
            seen.append((room.count, room.remaining))
            room.put("{\"t\":")
            seen.append((room.count, room.remaining))
            room.number3(1.25, digits: DigitTable.shared)
            seen.append((room.count, room.remaining))
            room.byte(UInt8(ascii: ","))
            room.integer(-42)
            room.number(0.5, fractionDigits: 6)
            room.number4(2.00005, digits: DigitTable.shared)
            room.number6(1e-6, digits: DigitTable.shared)
            room.number9(1e-9, digits: DigitTable.shared)
            room.repeatLast(3)
            seen.append((room.count, room.remaining))
        }
        #expect(seen.map(\.count) == [0, 5, 9, 44])
        #expect(seen.allSatisfy { $0.count + $0.remaining == 64 })
        let text = String(decoding: w.bytes, as: UTF8.self)
        #expect(text == "ab{\"t\":1.25,-420.52.00010.0000010.000000001001")
        #expect(w.count == 2 + 44)
    }

    /// `list6` writes `[a,b,…]` as `number6` and commas would; `bytes(_:from:count:)` copies
    /// one slot of a byte table.
    @Test func aListAndASlotOfBytes() {
        var w = ByteWriter()
        let values = [0.5, -1e-6, 1234.5678901, 0]
        let table = Array("..ab..cd..".utf8)
        w.withRoom(4 * (ByteWriter.maxNumberLength + 1) + 1 + 4) { room in
            values.withUnsafeBufferPointer { room.list6($0, digits: DigitTable.shared) }
            room.bytes(table, from: 2, count: 2)
            room.bytes(table, from: 6, count: 2)
        }
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[0.5,-0.000001,1234.56789,0]abcd")
        var empty = ByteWriter()
        empty.withRoom(2) { room in [Double]().withUnsafeBufferPointer { room.list6($0, digits: DigitTable.shared) } }
        #expect(empty.bytes == Array("[]".utf8))
    }

    @Test func aSlotPastItsTableTraps() async {
        await #expect(processExitsWith: .failure) {
            var w = ByteWriter()
            w.withRoom(8) { room in room.bytes([1, 2, 3], from: 2, count: 2) }
        }
    }

    @Test func aFullRoomIsAllowed() {
        var w = ByteWriter()
        w.withRoom(4) { room in room.put("1234") }
        #expect(w.bytes == Array("1234".utf8))
    }

    @Test func writingPastTheRoomTraps() async {
        await #expect(processExitsWith: .failure) {
            var w = ByteWriter()
            w.withRoom(3) { room in room.put("1234") }
        }
    }

    @Test func withSpaceTrapsOnACountOverItsReservation() async {
        await #expect(processExitsWith: .failure) {
            var w = ByteWriter()
            w.withSpace(2) { p in
                p[0] = 1
                return 3
            }
        }
    }
}

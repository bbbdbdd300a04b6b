import Testing

@testable import AnimaticRaster

@Suite struct GIFEncoderTests {
    /// What a GIF must show for `frame`: straight colour, alpha < 128 transparent.
    static func oneBitAlpha(_ frame: RasterFrame) -> [UInt8] {
        var bytes = SyntheticFrames.straight(frame)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            if bytes[i + 3] < 128 {
                bytes[i] = 0
                bytes[i + 1] = 0
                bytes[i + 2] = 0
                bytes[i + 3] = 0
            } else {
                bytes[i + 3] = 255
            }
        }
        return bytes
    }

    static func encode(_ frames: [RasterFrame], duration: Double, loop: Bool = true, dither: GIFDither = .none)
        throws -> [UInt8]
    {
        let encoder = try GIFEncoder(
            width: frames[0].width, height: frames[0].height, loop: loop, byteLimit: 50_000_000, dither: dither)
        for frame in frames { try encoder.add(frame, duration: duration) }
        return try encoder.finish()
    }

    @Test func movingSquareDecodesExactlyWithChangedRectanglesAndDelaysSummingToTheDuration() throws {
        let frames = (0..<31).map { SyntheticFrames.movingSquare(width: 390, height: 844, index: $0, count: 31) }
        let gif = try GIFDecoding(try Self.encode(frames, duration: 1.0 / 30))
        #expect(gif.width == 390 && gif.height == 844)
        #expect(gif.loopCount == 0)
        #expect(gif.frames.count == 31)
        // 31 frames of 1/30 s: 103.33 cs, written as rounded cumulative ends.
        #expect(gif.frames.map(\.delayCentiseconds).reduce(0, +) == 103)
        var end = 0
        for (i, frame) in gif.frames.enumerated() {
            end += frame.delayCentiseconds
            #expect(abs(Double(end) - Double(i + 1) * 100 / 30) <= 0.5)
            #expect(ExpectedFrames.differingBytes(frame.rgba, Self.oneBitAlpha(frames[i])) == 0, "frame \(i)")
        }
        // After the first, each image is the square's old and new place: 40 px high and
        // 40 + 12 or 13 px wide (it moves 350/30 px a frame), not the whole 390 × 844.
        for frame in gif.frames.dropFirst() {
            #expect(frame.rect.height == 40 && frame.rect.width <= 53, "\(frame.rect)")
        }
        #expect(gif.frames[0].rect.width == 390 && gif.frames[0].rect.height == 844)
    }

    /// Colours that change along each row and repeat down each column, as a fold's shading
    /// does: the second frame's pixels take their numbers from the pixel above, from the
    /// colour table where that pixel is unchanged (so written transparent), and row 0 of the
    /// changed rectangle has no pixel above in it. Both frames decode exactly.
    @Test func coloursRepeatingDownColumnsDecodeExactly() throws {
        let width = 200, height = 12
        func frame(_ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RasterFrame {
            var pixels: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = color(x, y)
                    pixels += [r, g, b, 255]
                }
            }
            return RasterFrame(width: width, height: height, pixels: pixels)
        }
        func shade(_ x: Int) -> (UInt8, UInt8, UInt8) { (UInt8(x), UInt8(255 - x), 40) }
        // Rows 0…3 shaded but for one black pixel in row 0, 4…7 black, 8…11 shaded one step on.
        let first = frame { x, y in
            y == 0 && x == 5 ? (0, 0, 0) : y < 4 ? shade(x) : y < 8 ? (0, 0, 0) : shade(min(x + 1, width - 1))
        }
        // All shaded: the black pixel changes (nothing above it), rows 1…3 do not (written
        // transparent), row 4 takes the colours of the unchanged row 3 above it, rows 5…7
        // those of the changed rows above them, and rows 8…11 go back one step.
        let second = frame { x, _ in shade(x) }
        let gif = try GIFDecoding(try Self.encode([first, second], duration: 0.1))
        #expect(gif.frames.count == 2)
        #expect(gif.frames[1].rect.y == 0 && gif.frames[1].rect.height == 12)
        for (i, f) in [first, second].enumerated() {
            #expect(ExpectedFrames.differingBytes(gif.frames[i].rgba, Self.oneBitAlpha(f)) == 0, "frame \(i)")
        }
    }

    /// The encoder keeps each image's colour numbers and, once written, its indices for the
    /// next image. Changed rectangles that shrink, grow past every size before and shrink
    /// again (the whole frame, 5 × 3, 30 × 20, the whole frame, 1 × 1, 17 × 40) in
    /// scattered colours all decode exactly: no image reads a number or writes an index
    /// left by a larger one.
    @Test func imagesOfEverySizeInTurnDecodeExactly() throws {
        let width = 64, height = 48
        var seed: UInt32 = 12345
        func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        func paint(x: Int, y: Int, w: Int, h: Int) -> RasterFrame {
            for row in y..<(y + h) {
                for column in x..<(x + w) {
                    // 180 colours, so each image's palette is exact; each pixel painted
                    // changes, so the rectangle is the one painted.
                    let i = (row * width + column) * 4
                    var c = Int(next() % 180)
                    if c == Int(pixels[i]) { c = (c + 1) % 180 }
                    pixels[i] = UInt8(c)
                    pixels[i + 1] = UInt8(255 - c)
                    pixels[i + 2] = UInt8((c * 7) % 256)
                }
            }
            return RasterFrame(width: width, height: height, pixels: pixels)
        }
        let frames = [
            paint(x: 0, y: 0, w: width, h: height), paint(x: 3, y: 4, w: 5, h: 3), paint(x: 20, y: 10, w: 30, h: 20),
            paint(x: 0, y: 0, w: width, h: height), paint(x: 63, y: 47, w: 1, h: 1), paint(x: 40, y: 2, w: 17, h: 40),
        ]
        let gif = try GIFDecoding(try Self.encode(frames, duration: 0.1))
        #expect(gif.frames.count == 6)
        #expect(gif.frames.map { $0.rect.width * $0.rect.height } == [3072, 15, 600, 3072, 1, 680])
        for (i, frame) in gif.frames.enumerated() {
            #expect(ExpectedFrames.differingBytes(frame.rgba, Self.oneBitAlpha(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func transparentBackgroundClearsWhereTheSquareLeft() throws {
        let frames = (0..<12).map {
            SyntheticFrames.movingSquare(width: 120, height: 60, index: $0, count: 12, background: nil)
        }
        let gif = try GIFDecoding(try Self.encode(frames, duration: 0.1))
        #expect(gif.frames.count == 12)
        #expect(gif.frames.map(\.delayCentiseconds) == Array(repeating: 10, count: 12))
        for (i, frame) in gif.frames.enumerated() {
            #expect(ExpectedFrames.differingBytes(frame.rgba, Self.oneBitAlpha(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func fadeOverTransparencyFollowsTheOneBitAlphaThreshold() throws {
        let frames = (0..<9).map { SyntheticFrames.fadeOut(width: 64, height: 48, index: $0, count: 9) }
        let gif = try GIFDecoding(try Self.encode(frames, duration: 0.05))
        // Alpha 255 and 223 give the same straight colour (one image of 10 cs); 191, 159 and
        // 128 differ from it by rounding; 96 … 0 are all transparent: one image of 4 × 5 cs.
        let expected = ExpectedFrames.merged(frames.map(Self.oneBitAlpha), durations: Array(repeating: 0.05, count: 9))
        #expect(expected.count == 5)
        #expect(gif.frames.count == expected.count)
        #expect(gif.frames.map(\.delayCentiseconds) == [10, 5, 5, 5, 20])
        for (frame, want) in zip(gif.frames, expected) {
            #expect(ExpectedFrames.differingBytes(frame.rgba, want.picture) == 0)
        }
        #expect(gif.frames.last?.rgba.allSatisfy { $0 == 0 } == true)
    }

    @Test func identicalFramesBecomeOneLongerImage() throws {
        let a = SyntheticFrames.movingSquare(width: 80, height: 50, index: 0, count: 3)
        let b = SyntheticFrames.movingSquare(width: 80, height: 50, index: 2, count: 3)
        let gif = try GIFDecoding(try Self.encode([a, a, a, b, b], duration: 0.04))
        #expect(gif.frames.count == 2)
        #expect(gif.frames.map(\.delayCentiseconds) == [12, 8])
        #expect(ExpectedFrames.differingBytes(gif.frames[1].rgba, Self.oneBitAlpha(b)) == 0)
    }

    @Test func playOnceHasNoLoopExtension() throws {
        let frames = (0..<3).map { SyntheticFrames.movingSquare(width: 50, height: 50, index: $0, count: 3, side: 10) }
        let gif = try GIFDecoding(try Self.encode(frames, duration: 0.5, loop: false))
        #expect(gif.loopCount == nil)
        #expect(gif.frames.map(\.delayCentiseconds) == [50, 50, 50])
    }

    @Test func manyColoursAreReducedByMedianCutWithinABoundedError() throws {
        let frames = (0..<3).map { SyntheticFrames.gradient(width: 256, height: 128, index: $0) }
        for dither in GIFDither.allCases {
            let gif = try GIFDecoding(try Self.encode(frames, duration: 0.1, dither: dither))
            #expect(gif.frames.count == 3)
            for (i, frame) in gif.frames.enumerated() {
                #expect(frame.paletteSize == 256)
                let expected = SyntheticFrames.straight(frames[i])
                var total = 0
                var worst = 0
                for k in 0..<expected.count where k % 4 != 3 {
                    let d = abs(Int(frame.rgba[k]) - Int(expected[k]))
                    total += d
                    worst = max(worst, d)
                }
                let mean = Double(total) / Double(expected.count / 4 * 3)
                // 256 boxes over a cube of ~64k colours: cells of about 255/∛256 ≈ 40 levels,
                // so a nearest colour is within ~20 per channel on average far less.
                print("GIF median cut \(dither) frame \(i): mean error \(mean), worst \(worst)")
                #expect(mean <= (dither == .none ? 6 : 14), "\(dither) frame \(i) mean \(mean)")
                #expect(worst <= (dither == .none ? 32 : 64), "\(dither) frame \(i) worst \(worst)")
            }
        }
    }

    @Test func orderedDitherKeepsTheLocalAverageCloserThanNearestColour() throws {
        let frame = SyntheticFrames.gradient(width: 256, height: 128, index: 1)
        func blockError(_ dither: GIFDither) throws -> Double {
            let gif = try GIFDecoding(try Self.encode([frame], duration: 0.1, dither: dither))
            let expected = SyntheticFrames.straight(frame)
            var total = 0.0
            var blocks = 0
            for by in stride(from: 0, to: 128, by: 8) {
                for bx in stride(from: 0, to: 256, by: 8) {
                    for c in 0..<3 {
                        var sum = 0
                        for y in by..<(by + 8) {
                            for x in bx..<(bx + 8) {
                                let o = (y * 256 + x) * 4 + c
                                sum += Int(gif.frames[0].rgba[o]) - Int(expected[o])
                            }
                        }
                        total += abs(Double(sum) / 64)
                        blocks += 1
                    }
                }
            }
            return total / Double(blocks)
        }
        let plain = try blockError(.none)
        let ordered = try blockError(.ordered)
        print("GIF 8×8 block-mean error: none \(plain), ordered \(ordered)")
        #expect(ordered < plain)
    }

    @Test func passingTheByteLimitThrowsBeforeTheEnd() throws {
        let encoder = try GIFEncoder(width: 200, height: 200, loop: true, byteLimit: 60_000)
        var thrown: Error?
        var added = 0
        do {
            for i in 0..<20 {
                try encoder.add(SyntheticFrames.noise(width: 200, height: 200, seed: UInt32(i)), duration: 0.1)
                added += 1
            }
            _ = try encoder.finish()
        } catch {
            thrown = error
        }
        // Noise costs ~1.1 bytes a pixel (8-bit LZW of random indices): the limit is passed
        // when the second frame's image is written, at the third add.
        #expect(thrown as? RasterEncodingError == .overByteLimit(limit: 60_000))
        #expect(added < 4)
    }

    @Test func rejectsAFrameOfAnotherSize() throws {
        let encoder = try GIFEncoder(width: 10, height: 10, loop: true, byteLimit: 1000)
        let frame = SyntheticFrames.movingSquare(width: 11, height: 10, index: 0, count: 1, side: 2)
        #expect(throws: RasterEncodingError.self) { try encoder.add(frame, duration: 0.1) }
        #expect(throws: RasterEncodingError.noFrames) { _ = try encoder.finish() }
    }
}

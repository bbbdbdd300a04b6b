import Testing

@testable import AnimaticRaster

@Suite struct RasterFrameTests {
    @Test func holdsWidthTimesHeightTimesFourBytes() {
        let frame = RasterFrame(width: 3, height: 2, pixels: [UInt8](repeating: 7, count: 24))
        #expect(frame.pixels.count == frame.width * frame.height * 4)
        #expect(frame.width == 3 && frame.height == 2)
    }
}

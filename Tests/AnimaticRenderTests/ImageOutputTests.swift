import AnimaticCore
import Foundation
import Testing

@testable import AnimaticRender

/// Every flat format draws a picture named by the spec (the library is pure data, so
/// these bytes need not decode: the encoders copy them).
private let screenID = "sha256-" + String(repeating: "0f", count: 32)
private let photoID = "sha256-" + String(repeating: "a1", count: 32)

private func library() -> ImageLibrary {
    var l = ImageLibrary()
    l.add(ImageLibrary.Image(mimeType: "image/png", bytes: [1, 2, 3], width: 390, height: 844), for: .asset(screenID))
    l.add(ImageLibrary.Image(mimeType: "image/jpeg", bytes: [4, 5, 6], width: 300, height: 200), for: .asset(photoID))
    return l
}

private func timeline(_ preset: String, _ params: [(String, String)]) throws -> Timeline {
    let json = JSONValue.object(params.map { ($0.0, JSONValue.string($0.1)) })
    return TimelineCompiler.compile(try PresetCatalog.named(preset)!.spec(params: json, images: library()).get())
}

private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

@Test func foldStripsShowTheScreenInEveryTextFormat() throws {
    let t = try timeline("fold", [("fromImage", screenID)])
    let uri = "data:image/png;base64,AQID"  // base64 of 1, 2, 3
    let svg = String(decoding: AnimatedSVGEncoder.encode(t), as: UTF8.self)
    // One definition, used by the from-view's look (the strips use that look).
    #expect(count("<image id=\"img", in: svg) == 1)
    #expect(count(uri, in: svg) == 1)
    #expect(svg.contains("<use href=\"#img"))
    let strips = t.layers.filter {
        if case .snapshot(let of, _)? = $0.spec.content { return of == "from" }
        return false
    }
    #expect(strips.count >= 2)
    let css = String(decoding: CSSEncoder.encode(t), as: UTF8.self)
    // The from-view and every strip of it carry the picture.
    #expect(count("background-image: url(\"" + uri, in: css) == strips.count + 1)
    let lottie = String(decoding: LottieEncoder.encode(t), as: UTF8.self)
    #expect(count("\"ty\":2", in: lottie) == strips.count + 1)
    #expect(lottie.contains("\"p\":\"" + uri + "\",\"e\":1"))
    let json = String(decoding: TimelineJSONEncoder.encode(t), as: UTF8.self)
    #expect(json.contains("\"asset\":\"\(screenID)\",\"type\":\"image/png\",\"width\":390,\"height\":844"))
    let strip = String(decoding: FilmstripEncoder.encode(t), as: UTF8.self)
    #expect(count(uri, in: strip) == 1)
}

@Test func linkedImagesNameTheAssetPath() throws {
    let t = try timeline("flip", [("fromImage", screenID), ("toImage", photoID)])
    var options = TimelineOptions()
    options.linkImages = true
    let svg = String(decoding: AnimatedSVGEncoder.encode(t, options: options), as: UTF8.self)
    #expect(svg.contains("href=\"/v1/assets/\(screenID)\""))
    #expect(svg.contains("href=\"/v1/assets/\(photoID)\""))
    #expect(!svg.contains("data:image"))
    let lottie = String(decoding: LottieEncoder.encode(t, options: options), as: UTF8.self)
    #expect(lottie.contains("\"u\":\"/v1/assets/\",\"p\":\"\(screenID)\",\"e\":0"))
}

@Test func theSwiftExportNamesTheAsset() throws {
    let t = try timeline("zoom", [("image", photoID)])
    let swift = SwiftAnimatorEncoder.encode(t, name: "zoom").source
    #expect(swift.contains("UIImage(named: \"\(photoID)\")"))
    #expect(swift.contains("asset \(photoID)"))
}

/// Lottie's affine parts rebuild the map they came from: rotation · skew · scale.
@Test func affinePartsRebuildTheMap() {
    let a = Point(x: 0.8, y: 0.3), b = Point(x: -0.2, y: 1.1)
    let parts = AffineParts(origin: .zero, xAxis: a, yAxis: b)
    let r = parts.rotationDegrees * .pi / 180
    let k = tan(-parts.skewDegrees * .pi / 180)
    // M·e1 = R·(sx, 0); M·e2 = R·(k·sy, sy).
    let e1 = Point(x: parts.scaleX * cos(r), y: parts.scaleX * sin(r))
    let (u, v) = (k * parts.scaleY, parts.scaleY)
    let e2 = Point(x: u * cos(r) - v * sin(r), y: u * sin(r) + v * cos(r))
    #expect(abs(e1.x - a.x) < 1e-12 && abs(e1.y - a.y) < 1e-12)
    #expect(abs(e2.x - b.x) < 1e-12 && abs(e2.y - b.y) < 1e-12)
}

import Testing

@testable import AnimaticCore

/// Pictures as layer content: `content.image.asset|data`, resolved through an
/// `ImageLibrary`, and the presets' `fromImage`/`toImage`/`image` parameters.
private let assetID = "sha256-" + String(repeating: "ab", count: 32)
private let otherID = "sha256-" + String(repeating: "cd", count: 32)
/// A 3 × 2 picture (its bytes are never decoded here: the library says what they are).
private let picture = ImageLibrary.Image(
    mimeType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47], width: 300, height: 200)

private func library() -> ImageLibrary {
    var l = ImageLibrary()
    l.add(picture, for: .asset(assetID))
    return l
}

private func spec(content: String) -> String {
    """
    {"layers": [{"id": "from", "frame": [0, 0, 390, 844], "fill": "#ffffff"},
                {"id": "photo", "frame": [0, 0, 200, 100], "content": \(content)}]}
    """
}

private func problems(_ r: Result<TransitionSpec, SpecProblems>) -> [SpecProblem] {
    if case .failure(let p) = r { return p.problems }
    return []
}

@Test func base64RoundTripsEveryLength() {
    for n in 0..<10 {
        let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 * 37 + 200) }
        let text = Base64.encode(bytes)
        #expect(text.utf8.count == (n + 2) / 3 * 4)
        #expect(Base64.decode(Array(text.utf8)) == bytes)
    }
    #expect(Base64.encode(Array("Man".utf8)) == "TWFu")  // RFC 4648's example
    #expect(Base64.decode(Array("TWE=".utf8)) == Array("Ma".utf8))
    #expect(Base64.decode(Array("TW=E".utf8)) == nil)
    #expect(Base64.decode(Array("T".utf8)) == nil)
    #expect(Base64.decode(Array("TW!u".utf8)) == nil)
}

@Test func dataURIsAreCheckedAndLimited() {
    guard case .success(let uri) = DataURI.parse("data:image/png;base64,iVBORw==") else {
        Issue.record("a PNG data URI parses")
        return
    }
    #expect(uri.mediaType == "image/png")
    #expect(uri.bytes == [0x89, 0x50, 0x4E, 0x47])
    for bad in ["data:text/html;base64,PGI+", "data:image/png,plain", "data:image/png;base64,@@@@", "data:"] {
        if case .success = DataURI.parse(bad) { Issue.record("\(bad) must not parse") }
    }
    let big = "data:image/png;base64," + String(repeating: "A", count: DataURI.maxLength)
    guard case .failure(let e) = DataURI.parse(big) else {
        Issue.record("over the limit")
        return
    }
    #expect(e.message.contains("\(DataURI.maxLength)"))
}

@Test func anAssetGivesTheLayerItsPictureAndAspect() throws {
    let r = SpecDecoder.decode(
        bytes: Array(spec(content: #"{"image": {"asset": "\#(assetID)", "mode": "fill"}}"#).utf8), images: library())
    let decoded = try r.get()
    let layer = decoded.layers[1]
    #expect(layer.imageSource == .asset(assetID))
    #expect(layer.imageMode == .fill)
    guard case .image(let aspect, let fill)? = layer.content else {
        Issue.record("image content")
        return
    }
    #expect(aspect == 1.5)
    #expect(fill == nil)
    #expect(decoded.images[.asset(assetID)]?.width == 300)
    // The canonical form names the asset, not an aspect, and decodes to the same layer.
    let again = try SpecDecoder.decode(SpecEncoder.encode(decoded), images: library()).get()
    #expect(again.layers == decoded.layers)
}

@Test func anUnknownAssetIsAProblemAtItsPointer() {
    let r = SpecDecoder.decode(
        bytes: Array(spec(content: #"{"image": {"asset": "\#(otherID)"}}"#).utf8), images: library())
    let p = problems(r)
    #expect(p.map(\.pointer) == ["/layers/1/content/image/asset"])
    #expect(p.first?.message.contains("unknown asset") == true)
    let malformed = problems(
        SpecDecoder.decode(bytes: Array(spec(content: #"{"image": {"asset": "sha256-xyz"}}"#).utf8)))
    #expect(malformed.map(\.pointer) == ["/layers/1/content/image/asset"])
    let both = problems(
        SpecDecoder.decode(
            bytes: Array(spec(content: #"{"image": {"asset": "\#(assetID)", "aspect": 2}}"#).utf8), images: library()))
    #expect(both.map(\.pointer) == ["/layers/1/content/image"])
}

@Test func aDataURIIsAReferenceTheCallerResolves() throws {
    let uri = "data:image/png;base64,iVBORw=="
    let text = spec(content: #"{"image": {"data": "\#(uri)"}}"#)
    let refs = ImageSource.references(in: try JSONParser.parse(Array(text.utf8)))
    #expect(refs == [.data(uri)])
    // Unresolved: a problem at the pointer; resolved as a failure: its reason.
    #expect(problems(SpecDecoder.decode(bytes: Array(text.utf8))).map(\.pointer) == ["/layers/1/content/image/data"])
    var failing = ImageLibrary()
    failing.fail(.data(uri), "not a usable image: the PNG is truncated")
    let reason = problems(SpecDecoder.decode(bytes: Array(text.utf8), images: failing))
    #expect(reason.first?.message == "not a usable image: the PNG is truncated")
    var resolved = ImageLibrary()
    resolved.add(ImageLibrary.Image(mimeType: "image/png", bytes: [1], width: 10, height: 40), for: .data(uri))
    let decoded = try SpecDecoder.decode(bytes: Array(text.utf8), images: resolved).get()
    guard case .image(let aspect, _)? = decoded.layers[1].content else {
        Issue.record("image content")
        return
    }
    #expect(aspect == 0.25)
}

@Test func everyPresetPutsTheScreensOnItsViews() throws {
    var l = library()
    let tall = ImageLibrary.Image(mimeType: "image/png", bytes: [2], width: 390, height: 844)
    l.add(tall, for: .asset(otherID))
    for preset in PresetCatalog.all {
        #expect(preset.parameters.contains { $0.name == "fromImage" }, "\(preset.name)")
        let params = JSONValue.object([("fromImage", .string(assetID)), ("toImage", .string(otherID))])
        let built = try preset.spec(params: params, images: l).get()
        let from = try #require(built.layers.first { $0.id == (built.views?.from ?? "from") })
        let to = try #require(built.layers.first { $0.id == (built.views?.to ?? "to") })
        #expect(from.imageSource == .asset(assetID), "\(preset.name)")
        #expect(to.imageSource == .asset(otherID), "\(preset.name)")
        #expect(from.imageMode == .fill && from.label == nil, "\(preset.name)")
        guard case .image(let aspect, _)? = to.content else {
            Issue.record("\(preset.name): the to-view shows its picture")
            continue
        }
        #expect(abs(aspect - 390.0 / 844) < 1e-12, "\(preset.name)")
    }
}

@Test func presetImageProblemsAreAtTheirParameter() {
    let fold = PresetCatalog.named("fold")!
    let unknown = fold.spec(params: .object([("toImage", .string(otherID))]), images: library())
    guard case .failure(let p) = unknown else {
        Issue.record("an unknown asset is a problem")
        return
    }
    #expect(p.problems.map(\.pointer) == ["/params/toImage"])
    let notAnImage = fold.spec(params: .object([("fromImage", .string("cat.png"))]), images: library())
    guard case .failure(let q) = notAnImage else {
        Issue.record("not an id")
        return
    }
    #expect(q.problems.map(\.pointer) == ["/params/fromImage"])
}

@Test func theZoomShowsItsPhotoAtThePhotosAspect() throws {
    let zoom = PresetCatalog.named("zoom")!
    let built = try zoom.spec(params: .object([("image", .string(assetID))]), images: library()).get()
    for id in ["thumbnail", "transitionImage", "toImage"] {
        let layer = try #require(built.layers.first { $0.id == id })
        #expect(layer.imageSource == .asset(assetID), "\(id)")
        guard case .image(let aspect, _)? = layer.content else {
            Issue.record("\(id) image")
            continue
        }
        #expect(aspect == 1.5, "\(id)")
    }
    // The full-size frame is the aspect-fit of a 3:2 photo in 390 × 844: 390 × 260.
    let full = try #require(built.layers.first { $0.id == "toImage" })
    #expect(full.size == Size(width: 390, height: 260))
    let both = zoom.spec(
        params: .object([("image", .string(assetID)), ("imageAspect", .number(2))]), images: library())
    guard case .failure(let p) = both else {
        Issue.record("image and imageAspect exclude each other")
        return
    }
    #expect(p.problems.map(\.pointer) == ["/params/imageAspect"])
    let refs = ImageSource.references(
        in: .object([("preset", .string("zoom")), ("params", .object([("image", .string(assetID))]))]))
    #expect(refs == [.asset(assetID)])
}

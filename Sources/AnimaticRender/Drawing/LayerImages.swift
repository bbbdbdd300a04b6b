import AnimaticCore

/// Where the flat outputs find a layer's picture (`LayerSpec.imageSource`): the bytes in
/// the spec's `ImageLibrary`, written as a data URI, or — for an uploaded asset when the
/// request asks `images=link` (`TimelineOptions.linkImages`) — the asset's path on the
/// server, `/v1/assets/<id>`, so the output stays small.
package enum LayerImages {
    /// The URL of `source`, or nil when the library does not hold it.
    package static func href(_ source: ImageSource, in timeline: Timeline, link: Bool) -> String? {
        if link, case .asset(let id) = source { return "/v1/assets/" + id }
        return timeline.spec.images[source]?.dataURI
    }

    /// The first layer that shows `source`: its index names the one SVG definition of the picture.
    package static func definingLayer(of source: ImageSource, in timeline: Timeline) -> Int? {
        timeline.layers.firstIndex { $0.spec.imageSource == source }
    }

    /// Whether any layer shows a picture.
    package static func any(in timeline: Timeline) -> Bool {
        timeline.layers.contains { $0.spec.imageSource != nil && timeline.spec.images[$0.spec.imageSource!] != nil }
    }
}

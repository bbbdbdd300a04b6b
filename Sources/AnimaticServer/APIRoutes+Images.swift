import AnimaticCore
import AnimaticImages
import AnimaticStore

/// The images a request's spec names, resolved against the asset store before the spec is
/// decoded (docs/SPEC.md, "Images"): every route that decodes or expands a spec
/// (`decodeBody`, `expandPreset`, `presetInteraction`) goes through here. An id the store
/// does not hold is left out, so the decoder reports it at its pointer (422); a store that
/// cannot answer is a 503 with `Retry-After` (`Problem.storeUnavailable`), as for uploads.
extension APIRoutes {
    /// Assets from the store (checked when they were uploaded); without a store, data URIs only.
    var imageResolver: ImageResolver {
        guard let store = configuration.assetStore else { return .dataOnly }
        return ImageResolver(limits: configuration.imageLimits, assetsChecked: true) { id in
            guard let assetID = AssetID(id) else { return nil }
            return try store.asset(assetID)?.bytes
        }
    }

    /// The library of `document` (an inline spec or a preset reference).
    func resolveImages(_ document: JSONValue) -> Result<ImageLibrary, Problem> {
        resolving { try imageResolver.library(for: document) }
    }

    /// The library of a preset's parameters.
    func resolveImages(preset: String, params: JSONValue?) -> Result<ImageLibrary, Problem> {
        resolving { try imageResolver.library(preset: preset, params: params) }
    }

    private func resolving(_ body: () throws -> ImageLibrary) -> Result<ImageLibrary, Problem> {
        do {
            return .success(try body())
        } catch let error as AssetStoreError {
            assetMetrics.recordStoreFailure()
            return .failure(.storeUnavailable(error))
        } catch {
            assetMetrics.recordStoreFailure()
            return .failure(.storeUnavailable(AssetStoreError("\(error)")))
        }
    }
}

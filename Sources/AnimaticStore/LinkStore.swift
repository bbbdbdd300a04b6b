/// Where short links live (docs/API.md, "Links"): an id and the canonical JSON of the page's
/// state, written once and never changed. Both stores implement it on the `links` table of
/// their schema (`AssetSchema`, version 2), so a link made on one replica opens on another.
public protocol LinkStore: Sendable {
    /// Stores `state` under `id` unless the id is taken. One statement or transaction: two
    /// replicas inserting the same id at once store it once.
    func insertLink(id: String, state: String) throws(AssetStoreError) -> LinkInsertion

    /// The state stored under `id`, or nil.
    func link(_ id: String) throws(AssetStoreError) -> String?
}

/// What inserting a link found.
public enum LinkInsertion: Sendable, Equatable {
    /// The id was free: the state is stored under it now.
    case created
    /// The id holds this very state already (the same state was shared before).
    case existing
    /// The id holds another state: a collision of the shortened hash (the caller tries a longer id).
    case taken
}

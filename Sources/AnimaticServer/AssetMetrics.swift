import Synchronization

/// Counters of the asset routes for `/metrics`: uploads stored or already there, refusals
/// (bad images and missing tokens), store failures, bytes stored.
final class AssetMetrics: Sendable {
    private struct Counts {
        var created = 0
        var existing = 0
        var refused = 0
        var storeFailures = 0
        var bytesStored = 0
    }

    private let counts = Mutex(Counts())

    func recordUpload(created: Bool, bytes: Int) {
        counts.withLock { c in
            if created {
                c.created += 1
                c.bytesStored += bytes
            } else {
                c.existing += 1
            }
        }
    }

    func recordRefusal() { counts.withLock { $0.refused += 1 } }
    func recordStoreFailure() { counts.withLock { $0.storeFailures += 1 } }

    var counters: [(name: String, help: String, value: Double)] {
        let c = counts.withLock { $0 }
        return [
            ("animatic_asset_uploads_created_total", "Uploads that stored a new asset.", Double(c.created)),
            (
                "animatic_asset_uploads_existing_total", "Uploads of bytes already stored (stored once).",
                Double(c.existing)
            ),
            (
                "animatic_asset_uploads_refused_total", "Uploads refused: a bad image (4xx) or no write token (401).",
                Double(c.refused)
            ),
            (
                "animatic_asset_store_failures_total", "Asset requests answered 503: the store did not answer.",
                Double(c.storeFailures)
            ),
            ("animatic_asset_bytes_stored_total", "Bytes of the new assets stored by uploads.", Double(c.bytesStored)),
        ]
    }
}

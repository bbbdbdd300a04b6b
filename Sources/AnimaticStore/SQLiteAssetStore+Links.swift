extension SQLiteAssetStore: LinkStore {
    public func insertLink(id: String, state: String) throws(AssetStoreError) -> LinkInsertion {
        try connection.withLock { db throws(AssetStoreError) in
            try db.execute("BEGIN IMMEDIATE")
            do throws(AssetStoreError) {
                let found = try db.query("SELECT state FROM links WHERE id = ?", [.text(id)]) { $0.text(0) }.first
                let result: LinkInsertion
                if let found {
                    result = found == state ? .existing : .taken
                } else {
                    try db.run("INSERT INTO links (id, state) VALUES (?, ?)", [.text(id), .text(state)])
                    result = .created
                }
                try db.execute("COMMIT")
                return result
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        }
    }

    public func link(_ id: String) throws(AssetStoreError) -> String? {
        try connection.withLock { db throws(AssetStoreError) in
            try db.query("SELECT state FROM links WHERE id = ?", [.text(id)]) { $0.text(0) }.first
        }
    }
}

extension PostgresAssetStore: LinkStore {
    public func insertLink(id: String, state: String) throws(AssetStoreError) -> LinkInsertion {
        try pool.withConnection { db throws(AssetStoreError) in
            // ON CONFLICT DO NOTHING: of two replicas inserting the same id at once, one
            // inserts and the other finds the row (the unique index orders them).
            let inserted = try db.execute(
                "INSERT INTO links (id, state) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id",
                [.text(id), .text(state)])
            if !inserted.isEmpty { return .created }
            let found = try db.execute("SELECT state FROM links WHERE id = $1", [.text(id)]).first?[0].text
            return found == state ? .existing : .taken
        }
    }

    public func link(_ id: String) throws(AssetStoreError) -> String? {
        try pool.withConnection { db throws(AssetStoreError) in
            try db.execute("SELECT state FROM links WHERE id = $1", [.text(id)]).first?[0].text
        }
    }
}

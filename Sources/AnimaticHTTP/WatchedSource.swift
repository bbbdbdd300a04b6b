import Dispatch

/// A dispatch source (the socket's read or write readiness) that is either watched or
/// paused. Dispatch requires every `suspend()` to be balanced by a `resume()`, and a
/// suspended source to be resumed before it is cancelled; this type keeps that rule in
/// one place, so the connection only says what it wants watched.
struct WatchedSource {
    let source: any DispatchSourceProtocol
    private(set) var isWatching = false

    /// `source` as Dispatch makes it: inactive (counted as suspended) until first watched.
    init(_ source: any DispatchSourceProtocol) {
        self.source = source
    }

    mutating func watch() {
        guard !isWatching else { return }
        isWatching = true
        source.resume()
    }

    mutating func pause() {
        guard isWatching else { return }
        isWatching = false
        source.suspend()
    }

    /// Cancels the source; its cancel handler runs once Dispatch lets go of it.
    mutating func cancel() {
        watch()
        source.cancel()
    }
}

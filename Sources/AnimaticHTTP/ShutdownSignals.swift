import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGTERM / SIGINT into a graceful `HTTPServer.shutdown()` with Dispatch signal
/// sources. Keep the returned value alive as long as the handlers should stay.
///
/// ```swift
/// let port = try server.start()
/// let signals = ShutdownSignals.install(for: server)
/// server.waitUntilStopped()   // returns once drained
/// exit(0)
/// ```
/// Immutable after init; DispatchSource.cancel() is thread-safe.
public final class ShutdownSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    private init(sources: [any DispatchSourceSignal]) { self.sources = sources }

    /// Installs the handlers; each signal is ignored by the default disposition from
    /// now on and delivered to the source instead. `onSignal` runs before shutdown.
    public static func install(for server: HTTPServer, signals: [Int32] = [SIGTERM, SIGINT],
                               onSignal: (@Sendable (Int32) -> Void)? = nil) -> ShutdownSignals {
        let queue = DispatchQueue(label: "animatic.http.signals")
        let sources = signals.map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                onSignal?(number)
                server.shutdown()
            }
            source.resume()
            return source
        }
        return ShutdownSignals(sources: sources)
    }

    /// Removes the handlers (the signals stay ignored).
    public func cancel() {
        for source in sources { source.cancel() }
    }
}

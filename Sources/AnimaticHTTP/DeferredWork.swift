/// A response computed on a `WorkPool` instead of the connection's queue: what a
/// handler returns for expensive work (`HTTPResponse(deferred:)`).
///
/// The connection submits `work` to `pool` with a fresh `CancellationFlag` and goes on
/// watching its socket: when the client disconnects the flag is raised (as nginx does
/// when a client closes before its response, `ngx_http_test_reading`), and when
/// `timeout` passes first the flag is raised and `timedOut()` is sent instead. When the
/// pool's queue is full, `overloaded()` is sent at once (a 503 with `Retry-After`).
public struct DeferredWork: Sendable {
    public var pool: WorkPool
    /// From submission (queue wait included) until the response must be ready; nil: none.
    public var timeout: Duration?
    public var work: @Sendable (CancellationFlag) -> HTTPResponse
    public var overloaded: @Sendable () -> HTTPResponse
    public var timedOut: @Sendable () -> HTTPResponse

    public init(
        pool: WorkPool, timeout: Duration?,
        overloaded: @escaping @Sendable () -> HTTPResponse = { DeferredWork.defaultBusy(.serviceUnavailable) },
        timedOut: @escaping @Sendable () -> HTTPResponse = { DeferredWork.defaultBusy(.serviceUnavailable) },
        work: @escaping @Sendable (CancellationFlag) -> HTTPResponse
    ) {
        self.pool = pool
        self.timeout = timeout
        self.work = work
        self.overloaded = overloaded
        self.timedOut = timedOut
    }

    /// A plain-text refusal with `Retry-After: 1`.
    public static func defaultBusy(_ status: HTTPStatus) -> HTTPResponse {
        HTTPResponse.status(status, headers: ["Retry-After": "1"])
    }
}

extension HTTPResponse {
    /// A response to be computed on a work pool (see `DeferredWork`).
    public init(deferred: DeferredWork) {
        self.init(status: .ok)
        self.deferred = deferred
    }

    /// The response with any deferred work run here and now, uncancelled: for callers
    /// without a connection (in-process tests, tools).
    public func resolvingDeferredWork() -> HTTPResponse {
        guard let deferred else { return self }
        return deferred.work(CancellationFlag()).resolvingDeferredWork()
    }
}

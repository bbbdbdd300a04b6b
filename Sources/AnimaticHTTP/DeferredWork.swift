/// A response computed on a `WorkPool` instead of the connection's queue: what a
/// handler returns for expensive work (`HTTPResponse(deferred:)`).
///
/// The connection submits `work` to `pool` with a fresh `CancellationFlag` and goes on
/// watching its socket: when the client disconnects the flag is raised (as nginx does
/// when a client closes before its response, `ngx_http_test_reading`), and when
/// `timeout` passes first the flag is raised and `timedOut()` is sent instead. When the
/// pool refuses the job (queue full, stopping), `overloaded()` is sent at once; when the
/// job waits past the pool's admission deadline, the pool raises its flag `.shed` and
/// runs it, and `work` answers `shed()` without running the given work (a 503 with
/// `Retry-After`, sent after the wait — see `QueueAdmission`).
public struct DeferredWork: Sendable {
    public var pool: WorkPool
    /// From submission (queue wait included) until the response must be ready; nil: none.
    public var timeout: Duration?
    /// What the connection runs on the pool: `shed()` when the flag was raised `.shed`
    /// (the pool dropped the job from its queue), else the work given.
    public var work: @Sendable (CancellationFlag) -> HTTPResponse {
        get {
            let given = body
            let shed = shed
            return { flag in flag.reason == .shed ? shed() : given(flag) }
        }
        set { body = newValue }
    }
    public var overloaded: @Sendable () -> HTTPResponse
    /// The answer to a job shed after waiting past the pool's deadline.
    public var shed: @Sendable () -> HTTPResponse
    public var timedOut: @Sendable () -> HTTPResponse
    private var body: @Sendable (CancellationFlag) -> HTTPResponse

    public init(
        pool: WorkPool, timeout: Duration?,
        overloaded: @escaping @Sendable () -> HTTPResponse = { DeferredWork.defaultBusy(.serviceUnavailable) },
        shed: @escaping @Sendable () -> HTTPResponse = { DeferredWork.defaultBusy(.serviceUnavailable) },
        timedOut: @escaping @Sendable () -> HTTPResponse = { DeferredWork.defaultBusy(.serviceUnavailable) },
        work: @escaping @Sendable (CancellationFlag) -> HTTPResponse
    ) {
        self.pool = pool
        self.timeout = timeout
        self.body = work
        self.overloaded = overloaded
        self.shed = shed
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

import AnimaticHTTP

/// A lane of deferred work (docs/HTTP.md, "Lanes"): its pool, and its two refusals
/// represented once (a refusal is a copy and a count: it must cost next to nothing, since a
/// client that ignores `Retry-After` asks again at once).
///
/// The server has a render lane and, with an asset store, an upload lane: an upload is a
/// header probe, a decode and a store write (an fsync, or a round trip to PostgreSQL), so on
/// the render lane it held a render worker while it waited for the disk, and renders queued
/// behind uploads were shed (docs/BENCHMARKS.md, "Assets under load"). The upload lane has
/// half the render lane's workers (at least one), and its threads yield to the render
/// lane's under contention (nice +10 against +5: CFS weights 110 against 335): an upload —
/// a few images a session — matters less to the page than the render it waits for, and
/// closed-loop uploaders on their own lane took twice the cores they had behind renders.
struct WorkLane: Sendable {
    let pool: WorkPool
    /// The upload lane's nice value: five below the render lane's (our choice).
    static let uploadNice: Int32 = WorkPool.renderNice + 5
    let queueFull: HTTPResponse
    let shed: HTTPResponse

    /// `work` names the lane in its refusals ("render", "upload") and its threads.
    /// `admission` is the lane's own (nil: the configuration's).
    init(
        work: String, workers: Int, nice: Int32 = WorkPool.renderNice, admission: QueueAdmission? = nil,
        configuration: APIConfiguration, representation: Representation
    ) {
        let admission = admission ?? configuration.admission
        pool = WorkPool(
            workers: workers, maxQueue: configuration.maxQueue, admission: admission, name: work, nice: nice)
        let refusals = HTTPRequest(method: .post, target: "/v1/timeline")
        var queueFull = Problem.overloaded(queue: configuration.maxQueue, work: work).response
        representation.apply(&queueFull, request: refusals, isPage: false)
        self.queueFull = queueFull
        var shed = Problem.queueWaitTooLong(admission?.deadline, work: work).response
        representation.apply(&shed, request: refusals, isPage: false)
        self.shed = shed
    }
}

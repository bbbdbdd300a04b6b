import AnimaticHTTP

/// A lane of deferred work (docs/HTTP.md, "Lanes"): its pool, and its two refusals
/// represented once (a refusal is a copy and a count: it must cost next to nothing, since a
/// client that ignores `Retry-After` asks again at once).
///
/// The server has a render lane and, with an asset store, an upload lane: an upload is a
/// header probe, a decode and a store write (an fsync, or a round trip to PostgreSQL), so on
/// the render lane it held a render worker while it waited for the disk, and renders queued
/// behind uploads were shed (docs/BENCHMARKS.md, "Assets under load"). The upload lane has
/// half the render lane's workers (at least one): when both are busy, uploads keep about the
/// share of the cores they had behind renders (a third of the threads, where 20 uploading and
/// 50 rendering clients gave them 2 of 7 places in one queue), and a user's upload (a few
/// images a session) matters less to the page than the render it waits for.
struct WorkLane: Sendable {
    let pool: WorkPool
    let queueFull: HTTPResponse
    let shed: HTTPResponse

    /// `work` names the lane in its refusals ("render", "upload") and its threads.
    init(work: String, workers: Int, configuration: APIConfiguration, representation: Representation) {
        pool = WorkPool(
            workers: workers, maxQueue: configuration.maxQueue, admission: configuration.admission,
            name: "animatic.\(work)")
        let refusals = HTTPRequest(method: .post, target: "/v1/timeline")
        var queueFull = Problem.overloaded(queue: configuration.maxQueue, work: work).response
        representation.apply(&queueFull, request: refusals, isPage: false)
        self.queueFull = queueFull
        var shed = Problem.queueWaitTooLong(configuration.admission?.deadline, work: work).response
        representation.apply(&shed, request: refusals, isPage: false)
        self.shed = shed
    }
}

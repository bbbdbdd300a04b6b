import AnimaticHTTP

/// The operator's routes: liveness, readiness, metrics and the OpenAPI document
/// (docs/API.md, "Operations"). All cheap: they answer on the connection's lane.
extension APIRoutes {
    func addOperationRoutes(_ r: inout Router) {
        route(&r, .get, "/healthz") { _, _ in
            HTTPResponse(status: .ok, body: Array(#"{"status":"ok"}"#.utf8), contentType: "application/json")
        }
        route(&r, .get, "/readyz") { [self] _, _ in
            let draining = state.isDraining
            return HTTPResponse(
                status: draining ? .serviceUnavailable : .ok,
                body: Array((draining ? #"{"status":"draining"}"# : #"{"status":"ready"}"#).utf8),
                contentType: "application/json")
        }
        route(&r, .get, "/metrics") { [self] _, _ in
            HTTPResponse(
                status: .ok, body: Array(metricsExposition().utf8),
                contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        route(&r, .get, "/openapi.json") { _, _ in
            var response = HTTPResponse(
                status: .ok, body: Array(OpenAPIDocument.json.utf8), contentType: "application/json")
            response.headers.set("Cache-Control", "public, max-age=3600")
            return response
        }
    }

    /// The Prometheus text of `/metrics`: the counters `Metrics` keeps, and gauges read now.
    func metricsExposition() -> String {
        metrics.exposition(
            gauges: [
                ("animatic_open_connections", "Client connections open now.", Double(state.openConnections)),
                (
                    "animatic_cache_bytes", "Bytes of encoded bodies held by the response cache.",
                    Double(cache.bytesUsed)
                ),
                ("animatic_cache_entries", "Responses held by the response cache.", Double(cache.count)),
                ("animatic_draining", "1 while the server drains before exiting.", state.isDraining ? 1 : 0),
                ("animatic_render_workers", "Threads of the render pool.", Double(pool.workers)),
                ("animatic_render_busy", "Render workers running a job now.", Double(pool.busy)),
                ("animatic_render_queued", "Render jobs waiting for a worker.", Double(pool.queued)),
                (
                    "animatic_render_held_aside",
                    "Render jobs held aside, expected to wait past the admission limit: queued as the queue drains, else shed at their deadline.",
                    Double(pool.heldAside)
                ),
                (
                    "animatic_render_service_seconds",
                    "The measured cost of a render job (wall time, moving average) that admission forecasts waits by.",
                    pool.meanServiceTime?.inSeconds ?? 0
                ),
                (
                    "animatic_request_body_bytes", "Request-body bytes held in memory by all connections now.",
                    Double(state.bufferedBodyBytes)
                ),
            ] + uploadLaneGauges,
            counters: [
                (
                    "animatic_render_shed_total",
                    "Render requests refused with 503: the render queue was full, or the request waited past the queue deadline.",
                    Double(pool.shedCount)
                ),
                (
                    "animatic_render_promoted_total",
                    "Render jobs held aside on arrival that were queued after all as the queue drained.",
                    Double(pool.promotedCount)
                ),
                (
                    "animatic_render_cancelled_total",
                    "Renders abandoned, running or still queued: client gone, deadline passed or shutdown.",
                    Double(metrics.cancelledCount + pool.skippedCount)
                ),
                (
                    "animatic_body_budget_shed_total",
                    "Uploads answered 503 because request bodies held in memory were over their budget.",
                    Double(state.bodyBudgetRefusals)
                ),
            ] + (configuration.assetStore == nil ? [] : assetMetrics.counters) + uploadLaneCounters)
    }

    /// The upload lane's gauges, with an asset store (docs/OPERATIONS.md).
    private var uploadLaneGauges: [(String, String, Double)] {
        guard let lane = uploadLane else { return [] }
        return [
            ("animatic_upload_workers", "Threads of the upload lane.", Double(lane.pool.workers)),
            ("animatic_upload_busy", "Upload workers checking or storing an image now.", Double(lane.pool.busy)),
            ("animatic_upload_queued", "Uploads waiting for a worker.", Double(lane.pool.queued)),
        ]
    }

    private var uploadLaneCounters: [(String, String, Double)] {
        guard let lane = uploadLane else { return [] }
        return [
            (
                "animatic_upload_shed_total",
                "Uploads refused with 503: the upload queue was full, or the upload waited past the queue deadline.",
                Double(lane.pool.shedCount)
            )
        ]
    }
}

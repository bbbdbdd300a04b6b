import AnimaticHTTP
import Foundation
import Synchronization
import Testing

@testable import AnimaticServer

/// Issue 26, goodput under overload: clients in a closed loop that ignore `Retry-After`
/// (each asks again the moment it is answered) must not turn refusals into a denial of
/// service. Renders served per second with many such clients stay near those served with
/// a few, measured as a ratio in the same run over real sockets (the full-size figures,
/// 64 / 256 / 1,024 connections with wrk, are in docs/BENCHMARKS.md, "Overload").
@Suite(.timeLimit(.minutes(2))) struct OverloadGoodputTests {
    /// A small spec (one layer, one animation): in a debug build a render then costs
    /// about as much as a refusal, so refusals answered at once would show.
    static let spec =
        #"{"layers":[{"id":"a","frame":[0,0,100,100]}],"animations":[{"duration":0.25,"changes":{"a":{"position":[150,50]}}}]}"#

    /// Closed-loop clients posting uncached renders for `seconds`: the responses by status
    /// received before the window closed.
    static func closedLoop(port: Int, clients: Int, seconds: Double) -> (served: Int, shed: Int, other: Int) {
        let served = Atomic<Int>(0), shed = Atomic<Int>(0), other = Atomic<Int>(0)
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let request =
            "POST /v1/timeline HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(spec.utf8.count)\r\n\r\n\(spec)"
        let group = DispatchGroup()
        for _ in 0..<clients {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                guard let client = try? HTTPClientConnection(host: "127.0.0.1", port: port, stepTimeout: .seconds(10))
                else { return }
                while ContinuousClock.now < end {
                    guard (try? client.send(request)) != nil, let response = try? client.readResponse() else { return }
                    guard ContinuousClock.now < end else { return }
                    switch response.status {
                    case .ok: served.add(1, ordering: .relaxed)
                    case .serviceUnavailable: shed.add(1, ordering: .relaxed)
                    default: other.add(1, ordering: .relaxed)
                    }
                }
            }
            thread.stackSize = 256 << 10
            thread.start()
        }
        group.wait()
        return (served.load(ordering: .relaxed), shed.load(ordering: .relaxed), other.load(ordering: .relaxed))
    }

    @Test func manyClosedLoopClientsKeepTheRendersServed() throws {
        // Cache off: every request is a render. Two workers; a short deadline so that the
        // overloaded phase sheds within the window (the default is 1 s).
        let admission = QueueAdmission(
            deadline: .milliseconds(300), target: .milliseconds(30), interval: .milliseconds(300))
        let api = AnimaticAPI(configuration: APIConfiguration(cacheBytes: 0, workers: 2, admission: admission))
        defer { api.pool.stop() }
        try serving(api.handler) { _, port in
            _ = Self.closedLoop(port: port, clients: 2, seconds: 0.3)  // warm up

            // Four clients keep two workers busy without a standing queue; 128 are 32 times
            // more than the workers can serve at once. Three pairs, each a calm second then a
            // flooded one, and the best pair's ratio judged: a neighbour's burst of load (this
            // machine is shared) only lowers a pair's flood, and the flood's 128 client threads
            // run on the same cores as the server, so one slow pair says nothing about the server.
            var calm = (served: 0, shed: 0, other: 0), flood = (served: 0, shed: 0, other: 0)
            var ratios: [Double] = []
            for _ in 0..<3 {
                let c = Self.closedLoop(port: port, clients: 4, seconds: 1)
                let f = Self.closedLoop(port: port, clients: 128, seconds: 1)
                calm = (calm.served + c.served, calm.shed + c.shed, calm.other + c.other)
                flood = (flood.served + f.served, flood.shed + f.shed, flood.other + f.other)
                ratios.append(Double(f.served) / Double(max(1, c.served)))
            }
            #expect(calm.served > 0 && calm.other == 0 && flood.other == 0)
            // Generous against a shared, noisy machine: with every refusal answered at once
            // (a fixed queue of 8, as before) it was 0.36 here, 987 against 2,744; at a load
            // average of 10 one pair of two gave 0.48 (468 against 967).
            #expect(
                ratios.max()! >= 0.5,
                "served \(flood.served) with 128 clients vs \(calm.served) with 4 (\(flood.shed) shed); pairs \(ratios)"
            )
            // Each shed client waited out the deadline: at most one refusal per client per 300 ms
            // in each 1 s window (plus the requests in flight when a window opened). Answered at
            // once, the same clients were refused about 4,600 times in 2 s.
            #expect(flood.shed <= 3 * 128 * (1_000 / 300 + 1), "\(flood.shed) shed")
            #expect(api.pool.shedCount >= flood.shed)
        }
    }
}

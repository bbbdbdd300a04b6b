import Foundation
import Synchronization
import Testing
@testable import AnimaticHTTP
import Glibc

/// The server-wide budget of buffered request bodies, without sockets.
@Suite struct BodyBudgetTests {
    @Test func reservationsAddUpToTheLimitAndNoFurther() {
        let budget = BodyBudget(limit: 100, trim: {})
        #expect(budget.reserve(1, bytes: 40) == .granted(shed: []))
        #expect(budget.reserve(2, bytes: 40) == .granted(shed: []))
        // 40 + 40 + 40 > 100, and nobody holds more than 40 — equal holdings never shed
        // each other: the newcomer loses the tie.
        #expect(budget.reserve(3, bytes: 40) == .refused)
        #expect(budget.heldBytes == 80 && budget.holding(of: 3) == 0)
        // A reservation only grows, by the difference.
        #expect(budget.reserve(1, bytes: 60) == .granted(shed: []))
        #expect(budget.heldBytes == 100)
        #expect(budget.reserve(1, bytes: 10) == .granted(shed: []) && budget.holding(of: 1) == 60)
        budget.release(2)
        #expect(budget.heldBytes == 60)
        #expect(budget.reserve(3, bytes: 40) == .granted(shed: []))
        // More than the whole budget is refused without shedding anyone.
        #expect(budget.reserve(4, bytes: 101) == .refused && budget.heldBytes == 100)
        // Each refusal is one 503 counted.
        #expect(budget.refusalCount == 2)
    }

    @Test func theLargestHoldersStillReceivingAreShedFirst() {
        let budget = BodyBudget(limit: 100, trim: {})
        _ = budget.reserve(1, bytes: 50)
        _ = budget.reserve(2, bytes: 30)
        _ = budget.reserve(3, bytes: 20)
        // 25 more: the one holding 50 (more than 25) is shed; 30 would be enough too, but
        // the largest goes first.
        #expect(budget.reserve(4, bytes: 25) == .granted(shed: [1]))
        #expect(budget.heldBytes == 75 && budget.holding(of: 1) == 0)
        // A body complete and with its handler is no longer shed.
        budget.bodyReceived(2)
        #expect(budget.reserve(5, bytes: 26) == .refused)
        // Shedding takes as many as needed, largest first, or none at all.
        let wide = BodyBudget(limit: 100, trim: {})
        for (id, bytes) in [(1, 30), (2, 30), (3, 30)] { _ = wide.reserve(id, bytes: bytes) }
        #expect(wide.reserve(4, bytes: 29) == .granted(shed: [1]))
        #expect(wide.reserve(5, bytes: 29) == .granted(shed: [2]))
        #expect(wide.reserve(6, bytes: 60) == .refused && wide.heldBytes == 88)
        // Every 503 is counted: two shed, one refused.
        #expect(wide.refusalCount == 3)
    }

    /// `malloc_trim` runs once for every `trimEvery` bytes released (shed ones included),
    /// not on each release.
    @Test func theAllocatorIsTrimmedAfterEnoughIsReleased() {
        let trims = Atomic<Int>(0)
        let budget = BodyBudget(limit: 1000, trimEvery: 100) { trims.add(1, ordering: .relaxed) }
        for id in 0..<9 {
            _ = budget.reserve(id, bytes: 10)
            budget.release(id)
        }
        #expect(waitUntil(seconds: 0.2) { trims.load(ordering: .relaxed) > 0 } == false)
        _ = budget.reserve(9, bytes: 10)
        budget.release(9)
        #expect(waitUntil { trims.load(ordering: .relaxed) == 1 })
        _ = budget.reserve(10, bytes: 600)
        #expect(budget.reserve(11, bytes: 500) == .granted(shed: [10]))
        #expect(waitUntil { trims.load(ordering: .relaxed) == 2 })
    }
}

extension ServerSuites {
    /// Issue 26 item 4 over real sockets: held uploads against a small body budget.
    @Suite struct BodyBudgetOverSockets {
        static func upload(_ port: Int, length: Int, sending: Int) throws -> HTTPClientConnection {
            let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try client.send("POST /u HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n")
            try client.send([UInt8](repeating: 0x61, count: sending))
            return client
        }

        @Test func uploadsPastTheBudgetGet503AndTheOthersComplete() throws {
            try withServer(configure: { $0.maxBufferedBodyBytes = 64 * 1024 }) { server, port in
                var held: [HTTPClientConnection] = []
                for _ in 0..<4 {
                    held.append(try Self.upload(port, length: 16 * 1024, sending: 1024))
                    #expect(waitUntil { server.core.bodyBudget.heldBytes == held.count * 16 * 1024 })
                }
                for _ in 0..<3 {
                    let excess = try Self.upload(port, length: 16 * 1024, sending: 1024)
                    let refused = try excess.readResponse()
                    #expect(refused.status == .serviceUnavailable)
                    #expect(refused.header("Retry-After") == "1" && refused.header("Connection") == "close")
                    #expect(excess.readsEOF())
                }
                for client in held {
                    try client.send([UInt8](repeating: 0x61, count: 15 * 1024))
                    let response = try client.readResponse()
                    #expect(response.status == .ok && response.header("X-Body-Length") == "16384")
                }
                #expect(waitUntil { server.core.bodyBudget.heldBytes == 0 })
                // With the bodies answered, the budget takes a new one.
                let later = try Self.upload(port, length: 16 * 1024, sending: 16 * 1024)
                #expect(try later.readResponse().status == .ok)
            }
        }

        /// The connection holding the most gives way to a smaller newcomer; a 100-continue
        /// upload over the budget gets the 503 instead of `100 Continue`.
        @Test func theLargestHeldUploadIsShedFirst() throws {
            try withServer(configure: { $0.maxBufferedBodyBytes = 64 * 1024 }) { server, port in
                let large = try Self.upload(port, length: 48 * 1024, sending: 1024)
                let small = try Self.upload(port, length: 8 * 1024, sending: 1024)
                #expect(waitUntil { server.core.bodyBudget.heldBytes == 56 * 1024 })
                let newcomer = try Self.upload(port, length: 32 * 1024, sending: 1024)
                let shed = try large.readResponse()
                #expect(shed.status == .serviceUnavailable && shed.header("Retry-After") == "1")
                try newcomer.send([UInt8](repeating: 0x61, count: 31 * 1024))
                #expect(try newcomer.readResponse().status == .ok)
                try small.send([UInt8](repeating: 0x61, count: 7 * 1024))
                #expect(try small.readResponse().status == .ok)

                let holder = try Self.upload(port, length: 60 * 1024, sending: 1024)
                #expect(waitUntil { server.core.bodyBudget.heldBytes == 60 * 1024 })
                let asking = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try asking.send(
                    "POST /u HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 62000\r\n\r\n")
                let refused = try asking.readResponse()
                #expect(refused.status == .serviceUnavailable)
                _ = holder
            }
        }

        /// A chunked body's reservation grows with what it brings, and it is shed like any other.
        @Test func aChunkedBodyReservesWhatItBrings() throws {
            try withServer(configure: { $0.maxBufferedBodyBytes = 64 * 1024 }) { server, port in
                let chunk = Array("2000\r\n".utf8) + [UInt8](repeating: 0x62, count: 8192) + Array("\r\n".utf8)
                func chunked(_ chunks: Int) throws -> HTTPClientConnection {
                    let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try client.send("POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
                    for _ in 0..<chunks { try client.send(chunk) }
                    return client
                }
                let holder = try chunked(5)
                #expect(waitUntil { server.core.bodyBudget.heldBytes >= 5 * 8192 })
                // 40 KiB held + 32 KiB more does not fit 64 KiB: the larger holder gives way.
                let newcomer = try chunked(4)
                let shed = try holder.readResponse()
                #expect(shed.status == .serviceUnavailable && shed.header("Retry-After") == "1")
                try newcomer.send("0\r\n\r\n")
                let response = try newcomer.readResponse()
                #expect(response.status == .ok && response.header("X-Body-Length") == "32768")
                #expect(waitUntil { server.core.bodyBudget.heldBytes == 0 })
            }
        }
    }
}

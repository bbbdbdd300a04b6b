import Testing
@testable import AnimaticHTTP

/// Who makes room, without sockets: the registry's order and the per-address share's grace,
/// with the times given by the test.
@Suite struct EvictableConnectionsTests {
    /// The share takes an address's silent connections beyond the newest `keeping`,
    /// oldest first, only those silent since the cutoff or before; it says when the oldest
    /// one it had to leave became silent.
    @Test func theShareTakesOnlyThoseSilentForTheGrace() {
        var registry = EvictableConnections()
        registry.update(1, host: "a", kind: .silent, now: 1_000)
        registry.update(2, host: "a", kind: .silent, now: 2_000)
        registry.update(3, host: "a", kind: .silent, now: 3_000)
        registry.update(4, host: "b", kind: .silent, now: 500)
        var result = registry.takeSilent(of: "a", keeping: 1, silentSinceAtMost: 999)
        #expect(result.taken == [] && result.waiting == 1_000)
        #expect(registry.silentCount(of: "a") == 3, "nothing taken")
        result = registry.takeSilent(of: "a", keeping: 1, silentSinceAtMost: 1_000)
        #expect(result.taken == [1] && result.waiting == 2_000, "the cutoff itself is past the grace")
        result = registry.takeSilent(of: "a", keeping: 1, silentSinceAtMost: 9_000)
        #expect(result.taken == [2] && result.waiting == nil, "the newest is kept, however old")
        result = registry.takeSilent(of: "a", keeping: 1, silentSinceAtMost: 9_000)
        #expect(result.taken == [] && result.waiting == nil)
        #expect(registry.silentCount(of: "a") == 1)
        #expect(registry.silentCount(of: "b") == 1, "another address is not touched")
        result = registry.takeSilent(of: "b", keeping: 0, silentSinceAtMost: 9_000)
        #expect(result.taken == [4] && registry.silentCount == 1)
    }

    /// A connection that speaks and falls silent again (half a header on a keep-alive
    /// connection) starts its grace again, and goes to the end of the order.
    @Test func fallingSilentAgainRestartsTheGrace() {
        var registry = EvictableConnections()
        registry.update(1, host: "a", kind: .silent, now: 100)
        registry.update(2, host: "a", kind: .silent, now: 200)
        registry.update(1, host: "a", kind: .active, now: 300)
        registry.update(1, host: "a", kind: .silent, now: 400)
        var result = registry.takeSilent(of: "a", keeping: 1, silentSinceAtMost: 250)
        #expect(result.taken == [2] && result.waiting == nil)
        result = registry.takeSilent(of: "a", keeping: 0, silentSinceAtMost: 399)
        #expect(result.taken == [] && result.waiting == 400)
        result = registry.takeSilent(of: "a", keeping: 0, silentSinceAtMost: 400)
        #expect(result.taken == [1] && result.waiting == nil)
    }

    /// At and near the cap there is no grace: the connection silent (or idle) longest goes,
    /// however young.
    @Test func theCapRulesTakeTheOldestWithoutAGrace() {
        var registry = EvictableConnections()
        registry.update(1, host: "a", kind: .idle, now: 10)
        registry.update(2, host: "b", kind: .silent, now: 20)
        registry.update(3, host: "a", kind: .silent, now: 30)
        #expect(registry.takeOldest()?.id == 1)
        #expect(registry.takeOldest()?.id == 2)
        #expect(registry.takeOldestSilent(atCap: true) == 3)
        #expect(registry.evictingAtCap == [3])
        #expect(registry.takeOldest() == nil)
    }

    /// The cutoff is the clock less the grace, and 0 when the grace reaches back before the
    /// clock began; the next check is due when the oldest left has been silent for the grace.
    @Test func theCutoffAndTheNextCheck() {
        #expect(ServerCore.instant(5_000_000_000, less: .seconds(1)) == 4_000_000_000)
        #expect(ServerCore.instant(5_000_000_000, less: .milliseconds(250)) == 4_750_000_000)
        #expect(ServerCore.instant(500_000_000, less: .seconds(1)) == 0)
        #expect(ServerCore.instant(7, less: .zero) == 7)
        #expect(ServerCore.delay(until: 1_000_000_000, grace: .milliseconds(250), now: 1_100_000_000) == 150_000_000)
        #expect(ServerCore.delay(until: 1_000_000_000, grace: .milliseconds(250), now: 1_300_000_000) == 0)
        #expect(ServerCore.delay(until: .max - 1, grace: .seconds(1), now: 0) == .max)
    }
}

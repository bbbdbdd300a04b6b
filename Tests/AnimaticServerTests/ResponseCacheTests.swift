import Testing
@testable import AnimaticServer

@Suite struct ResponseCacheTests {
    func entry(_ size: Int) -> ResponseCache.Entry {
        ResponseCache.Entry(body: [UInt8](repeating: 1, count: size), gzipped: nil)
    }

    @Test func evictsTheLeastRecentlyUsedWhenOverItsByteBound() {
        let cache = ResponseCache(capacityBytes: 300)
        cache.store("a", entry(100))
        cache.store("b", entry(100))
        cache.store("c", entry(100))
        #expect(cache.bytesUsed == 300)
        _ = cache.entry("a")  // a is now the most recent
        cache.store("d", entry(100))  // evicts b, the least recent
        #expect(cache.entry("b") == nil)
        #expect(cache.entry("a") != nil && cache.entry("c") != nil && cache.entry("d") != nil)
        #expect(cache.bytesUsed == 300 && cache.count == 3)
    }

    @Test func countsGzippedBodiesAndReplacesInPlace() {
        let cache = ResponseCache(capacityBytes: 1000)
        cache.store("a", entry(400))
        cache.store("a", ResponseCache.Entry(body: [UInt8](repeating: 1, count: 400), gzipped: [1, 2, 3]))
        #expect(cache.bytesUsed == 403 && cache.count == 1)
    }

    @Test func anEntryLargerThanTheCacheIsNotKept() {
        let cache = ResponseCache(capacityBytes: 50)
        cache.store("big", entry(51))
        #expect(cache.entry("big") == nil && cache.bytesUsed == 0)
        let disabled = ResponseCache(capacityBytes: 0)
        disabled.store("x", entry(1))
        #expect(disabled.count == 0)
    }
}

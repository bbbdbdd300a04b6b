import CPostgres
import Glibc
import Testing

@testable import AnimaticStore

/// libpq is loaded when a PostgreSQL store opens (`LibPQ`), not linked: the store's real
/// use is `Tests/python/test_assets_postgres.py`, against a real PostgreSQL 15; here, what a
/// missing library or function says.
@Suite struct LibPQTests {
    @Test func theInstalledLibraryConnectsAndSaysWhyNot() throws {
        let pq = try LibPQ.load(LibPQ.soname).get()
        // A socket folder that does not exist: libpq fails at once, with its own message.
        let copy = { (strings: [String]) -> [UnsafeMutablePointer<CChar>?] in strings.map { strdup($0) } + [nil] }
        let keywords = copy(["host", "connect_timeout"])
        let values = copy(["/nonexistent-animatic-socket-dir", "1"])
        defer { (keywords + values).forEach { free($0) } }
        let constant = { (pointers: [UnsafeMutablePointer<CChar>?]) in pointers.map { $0.map { UnsafePointer($0) } } }
        let connection = constant(keywords).withUnsafeBufferPointer { k in
            constant(values).withUnsafeBufferPointer { v in
                pq.connectdbParams(k.baseAddress, v.baseAddress, 0)
            }
        }
        defer { pq.finish(connection) }
        #expect(connection != nil)
        #expect(pq.status(connection) == CONNECTION_BAD)
        let message = pq.errorMessage(connection).map { String(cString: $0) } ?? ""
        #expect(message.contains("/nonexistent-animatic-socket-dir"), "\(message)")
    }

    @Test func aMissingLibraryNamesItAndThePackage() {
        guard case .failure(let error) = LibPQ.load("libpq-not-installed.so.5") else {
            Issue.record("a library that does not exist was loaded")
            return
        }
        #expect(error.message.contains("libpq-not-installed.so.5"))
        #expect(error.message.contains("install the libpq5 package"))
    }

    @Test func aLibraryWithoutTheFunctionsNamesTheFirstMissing() {
        // zlib is loaded already and has none of libpq's names.
        guard case .failure(let error) = LibPQ.load("libz.so.1") else {
            Issue.record("zlib passed for libpq")
            return
        }
        #expect(error.message == "libz.so.1 has no PQconnectdbParams: it is not the libpq the PostgreSQL store needs")
    }
}

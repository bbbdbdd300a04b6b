import CPostgres
import Glibc

/// libpq, loaded when a PostgreSQL store is first opened (`dlopen`), not linked.
///
/// Linked, libpq and what it links (Kerberos, LDAP, SASL, GnuTLS and their own: 20 of the
/// image binary's 56 shared objects) were loaded and relocated at every start of every
/// command, though only `animatic serve --store postgres://…` calls it: the image's binary
/// started in 30 ms and now in 21 (docs/BENCHMARKS.md, "Start-up without libpq"). Loaded
/// here, only the store pays. The header (CPostgres) still gives the types; the functions
/// are looked up by name, with the signatures the header declares (libpq 15,
/// src/interfaces/libpq/libpq-fe.h).
struct LibPQ: Sendable {
    /// The runtime library: Debian's and Ubuntu's `libpq5` package installs it (the image does).
    static let soname = "libpq.so.5"

    let connectdbParams:
        @convention(c) (
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
        ) -> OpaquePointer?
    let finish: @convention(c) (OpaquePointer?) -> Void
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let errorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let setNoticeProcessor:
        @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let host: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let port: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let db: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let execParams:
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    let clear: @convention(c) (OpaquePointer?) -> Void
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let nfields: @convention(c) (OpaquePointer?) -> Int32
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?

    /// Loaded once, on first use; the error says what to install.
    static let shared: Result<LibPQ, AssetStoreError> = load(soname)

    /// Opens `library` and looks up every function the store calls; the error names what is
    /// missing (the library, or a function of it).
    static func load(_ library: String) -> Result<LibPQ, AssetStoreError> {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? library
            return .failure(
                AssetStoreError(
                    "A PostgreSQL store needs libpq, which could not be loaded (\(reason)); install the libpq5 package")
            )
        }
        // The handle stays open for the life of the process: its functions are kept.
        do {
            return .success(try LibPQ(library, handle: handle))
        } catch {
            dlclose(handle)
            return .failure(error)
        }
    }

    private init(_ library: String, handle: UnsafeMutableRawPointer) throws(AssetStoreError) {
        func function<F>(_ name: String) throws(AssetStoreError) -> F {
            guard let address = dlsym(handle, name) else {
                throw AssetStoreError("\(library) has no \(name): it is not the libpq the PostgreSQL store needs")
            }
            return unsafeBitCast(address, to: F.self)
        }
        connectdbParams = try function("PQconnectdbParams")
        finish = try function("PQfinish")
        status = try function("PQstatus")
        errorMessage = try function("PQerrorMessage")
        setNoticeProcessor = try function("PQsetNoticeProcessor")
        host = try function("PQhost")
        port = try function("PQport")
        db = try function("PQdb")
        execParams = try function("PQexecParams")
        clear = try function("PQclear")
        resultStatus = try function("PQresultStatus")
        ntuples = try function("PQntuples")
        nfields = try function("PQnfields")
        getisnull = try function("PQgetisnull")
        getlength = try function("PQgetlength")
        getvalue = try function("PQgetvalue")
    }
}

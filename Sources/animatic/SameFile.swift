import Glibc

/// Whether two paths name one file (the same device and inode, so links and `./a` vs `a`
/// count): `render` refuses to write its output over the spec it reads.
enum SameFile {
    static func check(_ a: String, _ b: String) -> Bool {
        var sa = stat()
        var sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}

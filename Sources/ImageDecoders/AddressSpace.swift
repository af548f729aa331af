import Glibc

/// What the process's address space has room for, asked of the kernel without touching a page.
enum AddressSpace {
    /// Whether `bytes` more could be mapped now. In a decoder process under its limit (`RLIMIT_AS`) a picture that
    /// cannot fit fails only where its loaded pixels are converted, after the seconds the load took (a flat 9999² PNG
    /// inflated 300 MB for a second before its copy met the limit); asked first, it fails at once.
    static func hasRoom(for bytes: Int) -> Bool {
        guard bytes > 0 else { return true }
        let mapping = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) else { return false }
        munmap(mapping, bytes)
        return true
    }
}

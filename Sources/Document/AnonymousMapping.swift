import Glibc

/// Memory mapped from nowhere: pages cost nothing until first written,
/// and the mapping is returned to the system when this is released.
final class AnonymousMapping {
    let address: UnsafeMutableRawPointer
    let byteCount: Int

    /// Nil when the address space is not there.
    init?(byteCount: Int) {
        guard byteCount > 0 else { return nil }
        // MAP_NORESERVE: the pages are never written, so they need no swap.
        let address = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let address, address != MAP_FAILED else { return nil }
        self.address = address
        self.byteCount = byteCount
    }

    deinit {
        munmap(address, byteCount)
    }
}

import PhotiCaseRaster

extension MemoryBudget {
    /// Runs `body` holding `bytes` of the budget for a decode of `format`;
    /// throws `CodecError.memoryLimit` at once when `bytes` alone is more
    /// than the whole budget.
    func withReservation<T>(_ bytes: Int, format: ImageFormat, _ body: () throws -> T) throws -> T {
        do {
            // The body's own error travels in the Result, so only the
            // reservation's `Exceeded` is caught here.
            return try withReservation(bytes) { Result { try body() } }.get()
        } catch let exceeded as Exceeded {
            throw CodecError.memoryLimit(format, need: exceeded.need, limit: exceeded.limit)
        }
    }
}

import Raster

extension MemoryBudget {
    /// Runs `body` holding `bytes` of the budget for a decode of `format`;
    /// throws `CodecError.memoryLimit` at once when `bytes` alone is more
    /// than the whole budget.
    func withReservation<T>(_ bytes: Int, format: ImageFormat, _ body: () throws -> T) throws -> T {
        do {
            return try withReservation(bytes) { try Result { try body() } }.get()
        } catch let exceeded as Exceeded {
            throw CodecError.memoryLimit(format, need: exceeded.need, limit: exceeded.limit)
        }
    }
}

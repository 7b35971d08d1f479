import PhotiCaseConcurrency
import PhotiCaseImaging
import PhotiCaseRaster
import Synchronization
import Testing

/// A fork and a join: the work runs while the starter goes on, and its
/// result comes back whole.
@Suite struct BackgroundWorkTests {
    @Test func theWorkRunsBesideTheStarterAndHandsBackItsValue() {
        // The work cannot finish until the starter has gone on past
        // starting it: it waits for a flag only the starter sets.
        let started = Atomic<Bool>(false)
        let work = BackgroundWork { () -> Raster in
            while !started.load(ordering: .acquiring) {}
            return Raster(width: 3, height: 2, fill: RGBA(1, 2, 3))
        }
        started.store(true, ordering: .releasing)
        #expect(work.value() == Raster(width: 3, height: 2, fill: RGBA(1, 2, 3)))
    }

    @Test func manyAtOnceEachGetTheirOwn() {
        let works = (0..<16).map { i in BackgroundWork { i * i } }
        #expect(works.map { $0.value() } == (0..<16).map { $0 * $0 })
    }
}

import CSDL2
import Testing

@testable import Gallery

extension SDLSerializedTests {
    /// SDL's millisecond event timestamps on the windowed run's clock.
    @Suite struct PerformanceClockTests {
        init() throws {
            try SDLTestSession.start()
        }

        @Test func aTimestampMapsToOneTimeHoweverLateItIsRead() {
            let early = SDL_GetTicks()
            SDL_Delay(2)
            let clock = PerformanceClock()
            SDL_Delay(5)
            let stamp = SDL_GetTicks()
            let first = clock.time(ofEventTimestamp: stamp)
            SDL_Delay(7)
            #expect(clock.time(ofEventTimestamp: stamp) == first)
            #expect(first <= clock.now())
            #expect(abs(clock.time(ofEventTimestamp: stamp - 3) - (first - 0.003)) < 1e-9)
            #expect(clock.time(ofEventTimestamp: early) == 0)
        }
    }
}

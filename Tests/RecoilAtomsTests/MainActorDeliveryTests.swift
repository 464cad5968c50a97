import Dispatch
import Foundation
import Testing

@testable import RecoilAtoms

/// `.mainActor` delivery runs callbacks on the main actor, in the order the changes were made,
/// whichever thread made them.
@Suite struct MainActorDeliveryTests {
  @MainActor final class Received {
    var values: [Int] = []
  }

  @Test @MainActor func changesMadeOffTheMainActorArriveOnItInOrder() async throws {
    let counter = Atom(0, key: "MainActorDelivery.counter")
    let container = AtomContainer()
    let received = Received()
    let subscription = container.subscribe(counter, delivery: .mainActor) { loadable in
      // Runs isolated to the main actor: this would trap anywhere else.
      MainActor.assumeIsolated { received.values.append(loadable.value ?? -1) }
    }
    // Made on another thread, one after the other.
    await Task.detached {
      for value in 1...200 { container.set(counter, value) }
    }.value
    for _ in 0..<1_000 where received.values.count < 200 {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(received.values == Array(1...200))
    subscription.cancel()
  }
}

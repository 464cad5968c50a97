import Observation
import Testing

@testable import RecoilAtoms

/// What the SwiftUI property wrappers do, tested where SwiftUI does not exist.
@Suite struct NodeObservationTests {
  @MainActor @Test func oneObservedNodePerContainerFollowingTheNode() async throws {
    let count = Atom(1, key: "count")
    let observation = NodeObservation<Int>()
    let first = AtomContainer()
    let observed = observation.observed(count, in: first)
    #expect(observation.observed(count, in: first) === observed)  // kept across body evaluations
    #expect(observed.value == 1)

    // A change reaches the observed node on the main actor, and Observation hears it.
    let changed = AsyncStream<Void>.makeStream()
    withObservationTracking {
      _ = observed.loadable
    } onChange: {
      changed.continuation.yield()
    }
    first.set(count, 2)
    var changes = changed.stream.makeAsyncIterator()
    _ = await changes.next()
    await MainActor.run {}  // the delivery has run
    #expect(observed.value == 2)

    // Another container in the environment: another observed node.
    let second = AtomContainer()
    #expect(observation.observed(count, in: second) !== observed)
    #expect(observation.observed(count, in: second).value == 1)
  }
}

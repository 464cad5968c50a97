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

  /// A view whose node changes (another family member, as when a list row is reused) observes
  /// the new node, not the one it was first given.
  @MainActor @Test func anotherNodeInTheSameContainerIsObserved() {
    let quantity = AtomFamily(key: "quantity") { (id: String) in id.count }
    let container = AtomContainer()
    container.set(quantity("boots"), 3)
    let observation = NodeObservation<Int>()
    let boots = observation.observed(quantity("boots"), in: container)
    #expect(boots.value == 3)
    let hat = observation.observed(quantity("hat"), in: container)
    #expect(hat !== boots)
    #expect(hat.value == 3)  // "hat".count, its own default
    container.set(quantity("hat"), 7)
    #expect(observation.observed(quantity("hat"), in: container) === hat)
    #expect(observation.observed(quantity("boots"), in: container).value == 3)
  }

  /// A view's wrapper names its subscription: its label, else where the view declared it.
  @MainActor @Test func theWrappersSubscriptionCarriesItsLabelAndSite() {
    let count = Atom(1, key: "count")
    let container = AtomContainer()
    container.startRecordingEvaluations()
    defer { container.stopRecordingEvaluations() }
    let site = CallSite(file: "Shop/BadgeView.swift", line: 12)
    let labelled = NodeObservation<Int>()
    _ = labelled.observed(count, in: container, label: "badge", site: site)
    let unlabelled = NodeObservation<Int>()
    _ = unlabelled.observed(count, in: container, site: site)
    let subscriptions = container.recordedEvaluations().subscriptions
    #expect(subscriptions.map(\.label) == ["badge", nil])
    #expect(subscriptions.allSatisfy { $0.site?.description == "Shop/BadgeView.swift:12" && $0.node == count.key })
  }
}

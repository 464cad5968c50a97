import RecoilConcurrency
import Synchronization

@testable import RecoilAtoms

/// Counts calls, from any thread.
final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  var count: Int { value.load(ordering: .relaxed) }
}

/// Collects values delivered to a callback, from any thread.
final class Collected<Value: Sendable>: Sendable {
  private let storage = LockedValue<[Value]>([])
  func append(_ value: Value) { storage.withLock { $0.append(value) } }
  var values: [Value] { storage.withLock { $0 } }
}

/// Records every event an observer receives.
final class RecordingObserver: AtomGraphObserver {
  let events = Collected<AtomGraphEvent>()
  func receive(_ event: AtomGraphEvent) { events.append(event) }

  var evaluated: [String] {
    events.values.compactMap {
      if case .evaluationFinished(let node, _, _, _) = $0 { return node.description }
      return nil
    }
  }
}

struct TestError: Error, Equatable {
  var message: String
}

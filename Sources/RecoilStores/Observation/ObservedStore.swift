import Observation
import RecoilConcurrency

/// A store's state as an `@Observable` object, so SwiftUI views (and anything using the
/// Observation framework) update by themselves.
///
/// ```swift
/// let observed = store.observe(delivery: .mainActor)
/// // In a SwiftUI body: Text(observed.state.user.name)
/// ```
@Observable
public final class ObservedStore<State: Sendable>: @unchecked Sendable {
  // Sendable: `state` changes only through the Observation registrar (thread-safe), from the
  // store's subscription, which delivers one state at a time in order.

  /// The latest state.
  public private(set) var state: State

  @ObservationIgnored private var subscription: StoreSubscription?

  init<Action>(store: Store<State, Action>, label: String?, site: CallSite, delivery: Delivery) {
    state = store.state
    subscription = nil
    subscription = store.subscribe(label: label, site: site, delivery: delivery) { [weak self] new in
      self?.state = new
    }
  }
}

extension Store {
  /// Observes the state through the Observation framework.
  ///
  /// ```swift
  /// let observed = store.observe()
  /// withObservationTracking { _ = observed.state } onChange: { print("changed") }
  /// ```
  ///
  /// - Parameters:
  ///   - label: What the inspector calls its subscription; by default where it was made.
  ///   - delivery: Where the object is updated; `.mainActor` for SwiftUI.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  /// - Returns: An object whose ``ObservedStore/state`` follows the store.
  public func observe(
    label: String? = nil, delivery: Delivery = .immediate, file: StaticString = #fileID, line: UInt = #line
  ) -> ObservedStore<State> {
    ObservedStore(store: self, label: label, site: CallSite(file: file, line: line), delivery: delivery)
  }
}

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

  init<Action>(store: Store<State, Action>, delivery: Delivery) {
    state = store.state
    subscription = nil
    subscription = store.subscribe(delivery: delivery) { [weak self] new in self?.state = new }
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
  /// - Parameter delivery: Where the object is updated; `.mainActor` for SwiftUI.
  /// - Returns: An object whose ``ObservedStore/state`` follows the store.
  public func observe(delivery: Delivery = .immediate) -> ObservedStore<State> {
    ObservedStore(store: self, delivery: delivery)
  }
}

import Observation
import RecoilConcurrency

/// A node's state as an `@Observable` object, so SwiftUI views (and anything using the
/// Observation framework) update by themselves when the node changes.
///
/// On Apple platforms pass `delivery: .mainActor` so that views are updated on the main actor.
///
/// ```swift
/// let total = container.observe(CartState.total, delivery: .mainActor)
/// // In a SwiftUI body: Text("\(total.loadable.value ?? 0)")
/// ```
@Observable
public final class ObservedNode<Value: Sendable>: @unchecked Sendable {
  // Sendable: `loadable` is changed only through the Observation registrar, which is
  // thread-safe, by the subscription's deliveries (one at a time, in order).

  /// The node's current state.
  public private(set) var loadable: Loadable<Value>

  @ObservationIgnored private var subscription: Subscription?

  init(container: AtomContainer, node: Node<Value>, delivery: Delivery) {
    loadable = container.loadable(node)
    subscription = nil
    subscription = container.subscribe(node, delivery: delivery) { [weak self] new in
      self?.loadable = new
    }
  }

  /// The value when available.
  ///
  /// ```swift
  /// let shown = observed.value ?? 0
  /// ```
  public var value: Value? { loadable.value }
}

extension AtomContainer {
  /// Observes a node through the Observation framework.
  ///
  /// ```swift
  /// let items = container.observe(CartState.items)
  /// withObservationTracking { _ = items.loadable } onChange: { print("changed") }
  /// ```
  ///
  /// - Parameters:
  ///   - node: Any atom or selector.
  ///   - delivery: Where the object is updated; `.mainActor` for SwiftUI.
  /// - Returns: An object whose ``ObservedNode/loadable`` follows the node; the subscription
  ///   ends when it is released.
  public func observe<Value>(_ node: Node<Value>, delivery: Delivery = .immediate) -> ObservedNode<Value> {
    ObservedNode(container: self, node: node, delivery: delivery)
  }
}

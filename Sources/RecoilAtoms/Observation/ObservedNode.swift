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

  init(container: AtomContainer, node: Node<Value>, label: String?, site: CallSite, delivery: Delivery) {
    loadable = container.loadable(node)
    subscription = nil
    subscription = container.subscribe(node, label: label, site: site, delivery: delivery) { [weak self] new in
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
  ///   - label: What the inspector calls its subscription; by default where it was made.
  ///   - delivery: Where the object is updated; `.mainActor` for SwiftUI.
  ///   - file: Where it was made; filled in by the compiler.
  ///   - line: The line where it was made; filled in by the compiler.
  /// - Returns: An object whose ``ObservedNode/loadable`` follows the node; the subscription
  ///   ends when it is released.
  public func observe<Value>(
    _ node: Node<Value>, label: String? = nil, delivery: Delivery = .immediate, file: StaticString = #fileID,
    line: UInt = #line
  ) -> ObservedNode<Value> {
    observe(node, label: label, site: CallSite(file: file, line: line), delivery: delivery)
  }

  /// ``observe(_:label:delivery:file:line:)`` with the site given (the SwiftUI wrappers pass
  /// their view's).
  package func observe<Value>(
    _ node: Node<Value>, label: String?, site: CallSite, delivery: Delivery
  ) -> ObservedNode<Value> {
    ObservedNode(container: self, node: node, label: label, site: site, delivery: delivery)
  }
}

import RecoilConcurrency

/// The observed node behind a view's `RecoilValue` or `RecoilBinding` (the SwiftUI property
/// wrappers): made on first use, on the main actor, and kept while the node and the container
/// stay the same (a view given another family member, or another container, observes that).
/// Platform-neutral, so that what the wrappers do is tested everywhere.
///
/// ```swift
/// let observation = NodeObservation<Int>()
/// let total = observation.observed(CartState.total, in: container)  // the same object next time
/// ```
@MainActor final class NodeObservation<Value: Sendable> {
  private var observed: ObservedNode<Value>?
  private weak var container: AtomContainer?
  /// The key of the node observed: a family member's includes its parameter.
  private var key: NodeKey?

  init() {}

  /// The node observed in `container`, made when first asked or when the node or the
  /// container changed; its subscription is named by `site`, where the view declared it.
  func observed(
    _ node: Node<Value>, in container: AtomContainer?, label: String? = nil, site: CallSite = .unknown
  ) -> ObservedNode<Value> {
    let container = Self.required(container)
    if let observed, self.container === container, key == node.key { return observed }
    let made = container.observe(node, label: label, site: site, delivery: .mainActor)
    observed = made
    self.container = container
    key = node.key
    return made
  }

  /// The container, or a stop that says how to provide one.
  static func required(_ container: AtomContainer?) -> AtomContainer {
    guard let container else {
      ProgrammerError.stop("No AtomContainer in the environment: add .atomContainer(container) above this view")
    }
    return container
  }
}

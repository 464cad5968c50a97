/// How a store's memoized selector is named as a node: `store.selector`, in snapshots, their
/// timeline and the live stream alike.
///
/// ```swift
/// StoreSelectorNode.id("total", store: "cart")  // "cart.total"
/// ```
enum StoreSelectorNode {
  static func id(_ selector: String, store: String) -> String { "\(store).\(selector)" }
}

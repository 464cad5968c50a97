import RecoilAtoms
import RecoilSnapshot
import RecoilStores

extension SnapshotBuilder {
  /// A container's subscription id in a snapshot: its number, after the container's prefix,
  /// so that two containers' subscriptions never share one.
  ///
  /// ```swift
  /// SnapshotBuilder.subscriptionID(7, prefix: "")  // "7"
  /// ```
  static func subscriptionID(_ id: UInt64, prefix: String) -> String {
    prefix + String(id)
  }

  /// A store's subscription id in a snapshot: its number after the store's name.
  ///
  /// ```swift
  /// SnapshotBuilder.storeSubscriptionID(2, store: "app")  // "app/2"
  /// ```
  static func storeSubscriptionID(_ id: UInt64, store: String) -> String {
    "\(store)/\(id)"
  }

  /// A store's recorded subscriptions in snapshot form: each watches the store's node.
  static func subscriptions(_ recorded: [RecordedStoreSubscription], store: String) -> [SnapshotSubscription] {
    recorded.map { subscription in
      SnapshotSubscription(
        id: storeSubscriptionID(subscription.id, store: store), node: store, label: subscription.label,
        site: subscription.site?.description, calls: subscription.calls,
        timings: subscription.statistics.timedCount > 0 ? subscription.statistics.snapshot : nil,
        isActive: subscription.isActive)
    }
  }

  /// A container's recorded subscriptions in snapshot form, its node ids prefixed; the labels
  /// the app gave are app text, kept as text (escaped where shown).
  static func subscriptions(_ recorded: [RecordedSubscription], prefix: String) -> [SnapshotSubscription] {
    recorded.map { subscription in
      SnapshotSubscription(
        id: subscriptionID(subscription.id, prefix: prefix), node: prefix + subscription.node.description,
        label: subscription.label, site: subscription.site?.description, calls: subscription.calls,
        timings: subscription.statistics.timedCount > 0 ? subscription.statistics.snapshot : nil,
        isActive: subscription.isActive)
    }
  }
}

/// A subscription to a node: a view, an `observe`, a `TrackingScope`, any `subscribe`, named
/// by the label the app gave it or by where it was made, with how often its callback ran and
/// how long it took (timed by the same sampling as evaluations). `render --subscribers` draws
/// them as leaves of their nodes; `query --subscribers` lists them.
///
/// ```swift
/// let badge = SnapshotSubscription(id: "7", node: "Cart.count", label: "cart badge", calls: 3)
/// print(badge.name)  // "cart badge"
/// ```
public struct SnapshotSubscription: Sendable, Equatable {
  /// Its id, unique in the snapshot: what a notification's ``SnapshotReach/subscription`` names.
  public var id: String
  /// The node it watches.
  public var node: String
  /// The label the app gave it, if any.
  public var label: String?
  /// Where in the app's code it was made (`CartDemo/CartView.swift:18`).
  public var site: String?
  /// How often its callback ran while recording.
  public var calls: Int
  /// Its callback's timings, when any run was timed (`count` counts every call).
  public var timings: SnapshotEvaluations?
  /// False when it ended before the snapshot (kept because a notification names it).
  public var isActive: Bool

  /// Creates a subscription record.
  ///
  /// ```swift
  /// let view = SnapshotSubscription(id: "1", node: "Pricing.total", site: "Shop/TotalView.swift:12", calls: 4)
  /// ```
  ///
  /// - Parameters:
  ///   - id: Its id.
  ///   - node: The node it watches.
  ///   - label: The app's label.
  ///   - site: Where it was made.
  ///   - calls: How often its callback ran.
  ///   - timings: Its callback's timings.
  ///   - isActive: Whether it is still subscribed.
  public init(
    id: String, node: String, label: String? = nil, site: String? = nil, calls: Int = 0,
    timings: SnapshotEvaluations? = nil, isActive: Bool = true
  ) {
    self.id = id
    self.node = node
    self.label = label
    self.site = site
    self.calls = calls
    self.timings = timings
    self.isActive = isActive
  }

  /// What it is called: its label, else where it was made, else its id.
  ///
  /// ```swift
  /// print(subscription.name)  // "CartDemo/CartView.swift:18"
  /// ```
  public var name: String { label ?? site ?? "subscription \(id)" }
}

/// A subscription a notification reached, with how long its callback took when it was timed
/// (see ``SnapshotEntry/reached``).
///
/// ```swift
/// let reach = SnapshotReach(subscription: "7", durationNanos: 41_000)
/// ```
public struct SnapshotReach: Sendable, Equatable {
  /// The subscription's id (``SnapshotSubscription/id``).
  public var subscription: String
  /// How long its callback took, when timed.
  public var durationNanos: Int?

  /// Creates a reach.
  ///
  /// ```swift
  /// let reach = SnapshotReach(subscription: "7")
  /// ```
  ///
  /// - Parameters:
  ///   - subscription: The subscription's id.
  ///   - durationNanos: How long its callback took.
  public init(subscription: String, durationNanos: Int? = nil) {
    self.subscription = subscription
    self.durationNanos = durationNanos
  }
}

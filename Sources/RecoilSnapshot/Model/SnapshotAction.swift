/// One action a store processed, with the state paths it changed.
///
/// ```swift
/// let action = SnapshotAction(
///   seq: 1, store: "app", name: "user(.setName)", payload: "\"Ann\"",
///   changes: [SnapshotChange(path: "user.name", before: "\"\"", after: "\"Ann\"")])
/// ```
public struct SnapshotAction: Sendable, Equatable {
  /// The store's sequence number for the action, starting at 1.
  public var seq: Int
  /// The id of the store that processed the action.
  public var store: String
  /// The action's name, such as `user(.setName)`.
  public var name: String
  /// A preview of the action's payload.
  public var payload: String?
  /// When the action was dispatched, in nanoseconds since recording started.
  public var atNanos: Int?
  /// How long the reducer took, in nanoseconds.
  public var durationNanos: Int?
  /// Where in the app's code the action was dispatched (`CartDemo/Screens.swift:42`). Live
  /// events carry it; the inspector's snapshots keep it once, on the action's timeline entry.
  public var site: String?
  /// The state paths the action changed.
  public var changes: [SnapshotChange]
  /// Each top-level part of the state the action changed below its top (`settings` for a
  /// change of `settings.currency`), whole, before and after: what a slice at that path held on
  /// either side of the action, so that its value is known at every step. A part changed whole
  /// is in ``changes`` only.
  public var slices: [SnapshotChange] = []

  /// Creates an action record.
  ///
  /// ```swift
  /// let action = SnapshotAction(seq: 7, store: "cart", name: "clear")
  /// ```
  ///
  /// - Parameters:
  ///   - seq: The sequence number.
  ///   - store: The store's id.
  ///   - name: The action's name.
  ///   - payload: A preview of the payload.
  ///   - atNanos: When the action was dispatched.
  ///   - durationNanos: How long the reducer took.
  ///   - site: Where in the app's code it was dispatched.
  ///   - changes: The changed state paths.
  ///   - slices: The top-level parts of the state it changed, whole.
  public init(
    seq: Int, store: String, name: String, payload: String? = nil, atNanos: Int? = nil,
    durationNanos: Int? = nil, site: String? = nil, changes: [SnapshotChange] = [], slices: [SnapshotChange] = []
  ) {
    self.seq = seq
    self.store = store
    self.name = name
    self.payload = payload
    self.atNanos = atNanos
    self.durationNanos = durationNanos
    self.site = site
    self.changes = changes
    self.slices = slices
  }
}

/// A state path an action changed, with previews of its value before and after.
///
/// ```swift
/// let change = SnapshotChange(path: "cart.items.count", before: "2", after: "3")
/// ```
public struct SnapshotChange: Sendable, Equatable {
  /// The path of the changed value, such as `user.name` or `cart.items[2]`.
  public var path: String
  /// A preview of the value before the action, or `nil` when it did not exist.
  public var before: String?
  /// A preview of the value after the action, or `nil` when it was removed.
  public var after: String?

  /// Creates a change record.
  ///
  /// ```swift
  /// let change = SnapshotChange(path: "count", before: "1", after: "2")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The changed path.
  ///   - before: A preview of the old value.
  ///   - after: A preview of the new value.
  public init(path: String, before: String?, after: String?) {
    self.path = path
    self.before = before
    self.after = after
  }
}

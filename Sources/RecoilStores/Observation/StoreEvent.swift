/// Something a store did, as reported to a ``StoreObserver``. Values are passed as they are;
/// observers make their own previews and diffs, when they need them.
///
/// ```swift
/// if case .action(let record) = event { print(record.sequence, record.action) }
/// ```
public enum StoreEvent: Sendable {
  /// An action was processed.
  case action(StoreActionRecord)
  /// A middleware dropped an action.
  case actionDropped(store: String, action: any Sendable)
  /// An effect started for the action with this sequence number.
  case effectStarted(store: String, effect: String, run: Int, sequence: Int)
  /// An effect finished normally.
  case effectFinished(store: String, effect: String, run: Int)
  /// An effect was cancelled.
  case effectCancelled(store: String, effect: String, run: Int)
  /// An effect threw an error.
  case effectFailed(store: String, effect: String, run: Int, error: any Error)
  /// The number of subscribers changed.
  case subscribersChanged(store: String, count: Int)
  /// A memoized selector recomputed its value from its inputs (key paths, slices or selectors).
  case selectorEvaluated(store: String, selector: String, inputs: [String], durationNanos: UInt64, value: any Sendable)
  /// A slice was registered.
  case sliceRegistered(store: String, slice: StoreSliceInfo)
}

/// One processed action, with the state before and after it.
///
/// ```swift
/// let record: StoreActionRecord = …
/// print(record.store, record.sequence, record.durationNanos)
/// ```
public struct StoreActionRecord: Sendable {
  /// The store's sequence number of the action, starting at 1.
  public var sequence: Int
  /// The store's name.
  public var store: String
  /// The action, after middleware.
  public var action: any Sendable
  /// The state before the action.
  public var stateBefore: any Sendable
  /// The state after the action.
  public var stateAfter: any Sendable
  /// How long the reducers took, on a monotonic clock; `nil` when a recording did not time
  /// this action (see `RecordingTiming`). Observers get every action timed.
  public var durationNanos: UInt64?
  /// When processing started, on the monotonic clock (`DispatchTime.uptimeNanoseconds`); for
  /// an action a recording did not time, estimated from the timed actions around it.
  public var atNanos: UInt64

  @usableFromInline init(
    sequence: Int, store: String, action: any Sendable, stateBefore: any Sendable, stateAfter: any Sendable,
    durationNanos: UInt64?, atNanos: UInt64
  ) {
    self.sequence = sequence
    self.store = store
    self.action = action
    self.stateBefore = stateBefore
    self.stateAfter = stateAfter
    self.durationNanos = durationNanos
    self.atNanos = atNanos
  }
}

/// A registered slice, as the inspector sees it.
///
/// ```swift
/// for slice in store.slices { print(slice.name, slice.valueType) }
/// ```
public struct StoreSliceInfo: Sendable {
  /// The slice's name, such as `user`.
  public var name: String
  /// The Swift type of the slice's state.
  public var valueType: String
  /// Where the slice sits in the store's state, such as `cart.lines`.
  public var path: String

  /// Describes a slice.
  ///
  /// ```swift
  /// let info = StoreSliceInfo(name: "lines", valueType: "Array<Line>", path: "cart.lines")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The slice's name.
  ///   - valueType: The Swift type of its state.
  ///   - path: Where it sits in the store's state; its name when not given.
  public init(name: String, valueType: String, path: String? = nil) {
    self.name = name
    self.valueType = valueType
    self.path = path ?? name
  }
}

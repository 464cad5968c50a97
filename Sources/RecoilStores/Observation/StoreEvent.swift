import RecoilConcurrency

/// Something a store did, as reported to a ``StoreObserver``. Values are passed as they are;
/// observers make their own previews and diffs, when they need them.
///
/// ```swift
/// if case .action(let record) = event { print(record.sequence, record.action) }
/// ```
public enum StoreEvent: Sendable {
  /// An action was processed.
  case action(RecordedAction)
  /// A middleware dropped an action.
  case actionDropped(store: String, action: any Sendable)
  /// An effect started for the action with this sequence number. `order` is the start's
  /// place in the causal order when the store records actions (0 otherwise); what the effect
  /// dispatches names it as its cause.
  case effectStarted(store: String, effect: String, run: Int, sequence: Int, order: UInt64)
  /// An effect finished normally.
  case effectFinished(store: String, effect: String, run: Int)
  /// An effect was cancelled.
  case effectCancelled(store: String, effect: String, run: Int)
  /// An effect threw an error.
  case effectFailed(store: String, effect: String, run: Int, error: any Error)
  /// The number of subscribers changed.
  case subscribersChanged(store: String, count: Int)
  /// A memoized selector recomputed its value from its inputs (key paths, slices or selectors).
  /// `order` is the evaluation's place in the causal order; `changed` is false when the value
  /// equals the one computed before (an `Equatable` value only): wasted work.
  case selectorEvaluated(
    store: String, selector: String, inputs: [String], durationNanos: UInt64, value: any Sendable, order: UInt64,
    changed: Bool)
  /// A slice was registered.
  case sliceRegistered(store: String, slice: StoreSliceInfo)
  /// The store's reducer was replaced (``Store/replaceReducer(_:file:line:)``), where the app
  /// asked for it.
  case reducerReplaced(store: String, site: CallSite)
}

/// One processed action, with the state before and after it.
///
/// ```swift
/// let record: RecordedAction = …
/// print(record.store, record.sequence, record.durationNanos)
/// ```
public struct RecordedAction: Sendable {
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
  /// The action's place in the process-wide causal order (`CausalOrder`); 0 when the store
  /// did not record it.
  public var order: UInt64
  /// The causal order of what caused it: the action whose subscriber dispatched it, the
  /// effect that dispatched it; 0 for none.
  public var cause: UInt64
  /// Where it was dispatched; `nil` for a replayed action.
  public var site: CallSite?
  /// The causal order of the notification of the store's subscribers; 0 when not recorded
  /// or nobody subscribes. What subscribers do names it as its cause.
  public var notification: UInt64 { order != 0 && subscribers > 0 ? order + 1 : 0 }
  /// How many subscribers were notified of the new state.
  public var subscribers: Int
  /// The subscriptions its notification reached, each with how long its callback took when
  /// timed; in a store's recording only (`Store/recordedActions()`).
  public var reached: [RecordedReach] = []

  @usableFromInline init(
    sequence: Int, store: String, action: any Sendable, stateBefore: any Sendable, stateAfter: any Sendable,
    durationNanos: UInt64?, atNanos: UInt64, order: UInt64 = 0, cause: UInt64 = 0, site: CallSite? = nil,
    subscribers: Int = 0, reached: [RecordedReach] = []
  ) {
    self.reached = reached
    self.order = order
    self.cause = cause
    self.site = site
    self.subscribers = subscribers
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

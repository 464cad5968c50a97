/// One live event from an inspected app: the JSON Lines stream that `recoil-inspect live`
/// follows and that `cart-demo` writes to `cart.events.jsonl`.
///
/// Each line is one JSON object with a `type`, an `eventSeq` (the event's place in the stream,
/// from 1) and `at` (nanoseconds since the inspector started, on a monotonic clock); the other
/// fields depend on the type. An inspector writes its events in `eventSeq` order, and `at`
/// never decreases along it. See `Docs/events-v1.md`.
///
/// ```swift
/// let line = InspectorEventCodec.encode(InspectorEvent(atNanos: 1200, kind: .edgeAdded(SnapshotEdge(from: "a", to: "b"))))
/// // {"type":"edgeAdded","at":1200,"from":"a","to":"b"}
/// ```
public struct InspectorEvent: Sendable, Equatable {
  /// The event's place in its stream, from 1; `nil` in streams written before it existed.
  public var eventSeq: Int?
  /// When the event was recorded, in nanoseconds since the inspector started.
  public var atNanos: Int
  /// What happened.
  public var kind: Kind
  /// The event's place in the causal timeline (the `seq` of a snapshot's timeline entry),
  /// for actions, evaluations, effects and steps; `nil` for the others and in older streams.
  public var seq: Int?
  /// The `seq` of the event's direct cause, when known.
  public var cause: Int?

  /// Creates an event.
  ///
  /// ```swift
  /// let event = InspectorEvent(atNanos: 0, kind: .dropped(count: 3))
  /// ```
  ///
  /// - Parameters:
  ///   - eventSeq: The event's place in its stream, from 1.
  ///   - atNanos: When it happened.
  ///   - kind: What happened.
  ///   - seq: Its place in the causal timeline.
  ///   - cause: The `seq` of its direct cause.
  public init(eventSeq: Int? = nil, atNanos: Int, kind: Kind, seq: Int? = nil, cause: Int? = nil) {
    self.eventSeq = eventSeq
    self.atNanos = atNanos
    self.kind = kind
    if case .step(let step) = kind {
      self.seq = seq ?? step.seq
      self.cause = cause ?? step.cause
    } else {
      self.seq = seq
      self.cause = cause
    }
  }

  /// The kinds of live event.
  ///
  /// ```swift
  /// if case .action(let action) = event.kind { print(action.name) }
  /// ```
  // The rarer large payloads are indirect (boxed), so that an event, which the live stream
  // moves several times on its way to the screen, stays as small as an evaluation's.
  public enum Kind: Sendable, Equatable {
    /// A node appeared or its state changed (value, status, error, subscribers).
    indirect case node(SnapshotNode)
    /// A dependency edge appeared.
    case edgeAdded(SnapshotEdge)
    /// A dependency edge went away.
    case edgeRemoved(SnapshotEdge)
    /// A selector was evaluated.
    case evaluation(EvaluationEvent)
    /// A store processed an action.
    indirect case action(SnapshotAction)
    /// An effect started, finished, was cancelled or failed.
    indirect case effect(EffectEvent)
    /// An atom write, a notification of subscribers, an async resolution or an atom effect's
    /// phase: a timeline entry of kind `write`, `notification`, `resolution` or `effect`,
    /// written with that kind as its type (`atomEffect` for an effect, apart from a store's).
    indirect case step(SnapshotEntry)
    /// A node's evaluation failed.
    case error(node: String, message: String)
    /// Events were dropped because the stream could not keep up; this many since the last report.
    case dropped(count: Int)
    /// The app introduces itself: the first event of each connection.
    indirect case hello(AppHello)
    /// A node went away (a container released an unused family member), with its edges.
    case nodeRemoved(id: String)
    /// The app's answer to a control request (see ``ControlRequest``): whether it did what
    /// was asked, and what it did or why not.
    indirect case answer(ControlAnswer)
  }
}

/// A selector evaluation in the live stream.
///
/// ```swift
/// let evaluation = EvaluationEvent(node: "Cart.total", durationNanos: 900, trigger: "dependency Cart.items", changed: true)
/// ```
public struct EvaluationEvent: Sendable, Equatable {
  /// The evaluated node's id.
  public var node: String
  /// How long the getter ran.
  public var durationNanos: Int
  /// Why it ran: `first read`, `refresh`, or `dependency <id>`.
  public var trigger: String
  /// Whether the value changed.
  public var changed: Bool
  /// A preview of the value it produced, when it changed the value (redacted like every
  /// value).
  public var value: String?

  /// Creates an evaluation event.
  ///
  /// ```swift
  /// let event = EvaluationEvent(node: "a", durationNanos: 10, trigger: "first read", changed: true)
  /// ```
  ///
  /// - Parameters:
  ///   - node: The node's id.
  ///   - durationNanos: The getter's duration.
  ///   - trigger: Why it ran.
  ///   - changed: Whether the value changed.
  ///   - value: A preview of the value it produced.
  public init(node: String, durationNanos: Int, trigger: String, changed: Bool, value: String? = nil) {
    self.node = node
    self.durationNanos = durationNanos
    self.trigger = trigger
    self.changed = changed
    self.value = value
  }
}

/// An effect's progress in the live stream.
///
/// ```swift
/// let event = EffectEvent(store: "app", effect: "search", run: 3, phase: .failed, error: "offline")
/// ```
public struct EffectEvent: Sendable, Equatable {
  /// The phases of an effect run.
  public enum Phase: String, Sendable, CaseIterable {
    /// The run started.
    case started
    /// The run finished normally.
    case finished
    /// The run was cancelled.
    case cancelled
    /// The run threw an error.
    case failed
  }

  /// The store's id.
  public var store: String
  /// The effect's id.
  public var effect: String
  /// The run's number within the store.
  public var run: Int
  /// What happened.
  public var phase: Phase
  /// The error message, for a failed run.
  public var error: String?

  /// Creates an effect event.
  ///
  /// ```swift
  /// let event = EffectEvent(store: "app", effect: "load", run: 1, phase: .started)
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store's id.
  ///   - effect: The effect's id.
  ///   - run: The run's number.
  ///   - phase: What happened.
  ///   - error: The error message, when failed.
  public init(store: String, effect: String, run: Int, phase: Phase, error: String? = nil) {
    self.store = store
    self.effect = effect
    self.run = run
    self.phase = phase
    self.error = error
  }
}

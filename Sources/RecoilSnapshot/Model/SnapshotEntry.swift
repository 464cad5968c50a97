/// One entry of a snapshot's causal timeline: an action, an atom write, an evaluation, a
/// notification, an effect's start or end, or an async node's resolution, numbered in one
/// order and naming its direct cause.
///
/// The timeline answers "why": follow ``cause`` from any entry back to its root, an action
/// or a write the app made of its own accord, which carries the ``site`` in the app's code.
///
/// ```swift
/// let action = SnapshotEntry(seq: 1, kind: .action, store: "app", action: 5, name: "settings(.setCurrency)")
/// let write = SnapshotEntry(seq: 2, kind: .write, cause: 1, node: "Pricing.currency", before: "\"USD\"", after: "\"EUR\"")
/// let evaluation = SnapshotEntry(seq: 3, kind: .evaluation, cause: 2, node: "Pricing.displayPrices")
/// ```
public struct SnapshotEntry: Sendable, Equatable {
  /// What kind of operation an entry records.
  public enum Kind: String, Sendable, CaseIterable {
    /// A store processed an action (``SnapshotEntry/store``, ``SnapshotEntry/action``, ``SnapshotEntry/name``).
    case action
    /// An atom's value changed (``SnapshotEntry/node``, ``SnapshotEntry/before``, ``SnapshotEntry/after``).
    case write
    /// A selector ran (``SnapshotEntry/node``, ``SnapshotEntry/trigger``, ``SnapshotEntry/changed``,
    /// ``SnapshotEntry/value``).
    case evaluation
    /// Subscribers were told of a new state (a store's, or a node's).
    case notification
    /// An effect started or ended (``SnapshotEntry/name``, ``SnapshotEntry/phase``).
    case effect
    /// An async node's value arrived, or its load failed (``SnapshotEntry/phase``,
    /// ``SnapshotEntry/value``).
    case resolution
    /// The tool changed the running app (remote control): ``SnapshotEntry/name`` is the
    /// operation (`set`, `reset`, `dispatch`, `jump`, `resume`, `skip`, `stub`, `unstub`),
    /// ``SnapshotEntry/node`` or ``SnapshotEntry/store`` what it changed,
    /// ``SnapshotEntry/value`` the value, action or step it gave, and ``SnapshotEntry/site``
    /// who asked. A root cause of its own: what it changed names it as their cause.
    case control
    /// A tracking scope (a view's body, an `autorun`) ran: ``SnapshotEntry/name`` is its
    /// label (else where it was made, ``SnapshotEntry/site``), ``SnapshotEntry/reads`` what it
    /// read, ``SnapshotEntry/durationNanos`` how long it took. Its cause is the notification
    /// of something it read; its first run has none.
    case scope
  }

  /// The entry's number in the timeline, from 1, in the order things happened.
  public var seq: Int
  /// What kind of operation it records.
  public var kind: Kind
  /// The `seq` of its direct cause, when known: the action whose subscriber wrote an atom,
  /// the write that made a selector run, the effect that dispatched an action.
  public var cause: Int?
  /// The store, for actions, store notifications and effects.
  public var store: String?
  /// The store's own number of the action (`app #5`), for actions.
  public var action: Int?
  /// The node, for writes, evaluations, node notifications and resolutions.
  public var node: String?
  /// The action's name, or the effect's id.
  public var name: String?
  /// A preview of a written atom's value before, `nil` when it had none.
  public var before: String?
  /// A preview of a written atom's value after.
  public var after: String?
  /// Why an evaluation ran, as the evaluation timeline words it.
  public var trigger: String?
  /// Whether an evaluation changed the node's value; `false` marks wasted work.
  public var changed: Bool?
  /// A preview of the value an evaluation produced (redacted like every value), when it
  /// changed the value (an evaluation that changed nothing left the previous one), or of the
  /// value that arrived, for a resolution.
  public var value: String?
  /// How long it took, in nanoseconds, when timed.
  public var durationNanos: Int?
  /// When it happened, in nanoseconds since recording started, when known.
  public var atNanos: Int?
  /// Where in the app's code it was asked for (`Module/File.swift:12`), for actions and writes.
  public var site: String?
  /// How many subscribers were notified.
  public var subscribers: Int?
  /// An effect's phase (`started`, `finished`, `cancelled`, `failed`), or a resolution's
  /// outcome (`resolved`, `failed`).
  public var phase: String?
  /// An effect's error message.
  public var error: String?
  /// The subscriptions a notification of a node reached, each with how long its callback
  /// took when timed; empty for the other kinds (and a store's notification).
  public var reached: [SnapshotReach] = []
  /// The nodes a tracking scope's run read (``Kind/scope``); empty for the other kinds.
  public var reads: [String] = []

  /// Creates a timeline entry.
  ///
  /// ```swift
  /// let write = SnapshotEntry(seq: 2, kind: .write, cause: 1, node: "Pricing.currency", after: "\"EUR\"")
  /// ```
  ///
  /// - Parameters:
  ///   - seq: Its number in the timeline.
  ///   - kind: What it records.
  ///   - cause: The `seq` of its direct cause.
  ///   - store: The store, for store operations.
  ///   - action: The store's number of the action.
  ///   - node: The node, for node operations.
  ///   - name: The action's name or the effect's id.
  ///   - before: The written value before.
  ///   - after: The written value after.
  ///   - trigger: Why an evaluation ran.
  ///   - changed: Whether an evaluation changed the value.
  ///   - value: The value an evaluation produced.
  ///   - durationNanos: How long it took.
  ///   - atNanos: When it happened.
  ///   - site: Where in the app's code it was asked for.
  ///   - subscribers: How many subscribers were notified.
  ///   - phase: An effect's phase or a resolution's outcome.
  ///   - error: An effect's error.
  // Inlinable: a caller in another module then builds the event in place, where a call would
  // copy every string argument into it and release the caller's defaults.
  @inlinable public init(
    seq: Int, kind: Kind, cause: Int? = nil, store: String? = nil, action: Int? = nil, node: String? = nil,
    name: String? = nil, before: String? = nil, after: String? = nil, trigger: String? = nil,
    changed: Bool? = nil, value: String? = nil, durationNanos: Int? = nil, atNanos: Int? = nil, site: String? = nil,
    subscribers: Int? = nil, phase: String? = nil, error: String? = nil
  ) {
    self.seq = seq
    self.kind = kind
    self.cause = cause
    self.store = store
    self.action = action
    self.node = node
    self.name = name
    self.before = before
    self.after = after
    self.trigger = trigger
    self.changed = changed
    self.value = value
    self.durationNanos = durationNanos
    self.atNanos = atNanos
    self.site = site
    self.subscribers = subscribers
    self.phase = phase
    self.error = error
  }

  /// What the entry is about: its node, else its store.
  ///
  /// ```swift
  /// print(event.subject)  // "Pricing.currency"
  /// ```
  public var subject: String { node ?? store ?? "" }
}

extension SnapshotEntry {
  /// The entry in a few words, without its number: `write Pricing.currency: "EUR" → "USD"`,
  /// `evaluate Pricing.displayPrices 15.6 µs (dependency Pricing.currency)`. For displays
  /// that style nothing, such as the HTML report.
  ///
  /// ```swift
  /// print("#\(event.seq) \(event.summary)")
  /// ```
  public var summary: String {
    var text: String
    switch kind {
    case .action:
      text = "action \(store ?? "?")\(action.map { " #\($0)" } ?? "") \(name ?? "?")"
    case .write:
      text = "\(name == "reset" ? "reset" : "write") \(subject): \(before ?? "∅") → \(after ?? "∅")"
    case .evaluation:
      text = "evaluate \(subject)"
      if let value { text += " = \(value)" }
    case .notification:
      let count = subscribers ?? 0
      text = "notify \(count) subscriber\(count == 1 ? "" : "s") of \(subject)"
    case .effect:
      text = "effect \(name ?? "?")\(node.map { " of \($0)" } ?? "") \(phase ?? "?")"
      if let error { text += ": \(error)" }
    case .resolution:
      text = "\(phase ?? "resolved") \(subject)"
      if let value { text += " = \(value)" }
    case .control:
      text = name ?? "control"
      if !subject.isEmpty { text += " \(subject)" }
      if let value { text += name == "set" || name == "stub" ? " = \(value)" : " \(value)" }
      text += " from \(site ?? "the tool")"
      return text
    case .scope:
      text = "run \(name ?? site ?? "scope")"
      if !reads.isEmpty { text += " read \(reads.joined(separator: ", "))" }
    }
    if let durationNanos { text += " \(DurationText.format(nanos: durationNanos))" }
    if let trigger { text += " (\(trigger))" }
    if changed == false { text += " unchanged" }
    return text
  }
}

/// The name ``SnapshotEntry`` had before the glossary gave "event" to what observers are told
/// and "entry" to a place in the timeline; kept so that code written against it still builds.
///
/// ```swift
/// let entry: SnapshotEntry = snapshot.timeline[0]  // not SnapshotEvent
/// ```
@available(*, deprecated, renamed: "SnapshotEntry")
public typealias SnapshotEvent = SnapshotEntry

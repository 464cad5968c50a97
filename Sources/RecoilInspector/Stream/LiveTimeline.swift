import RecoilConcurrency
import RecoilSnapshot

/// How a timeline entry goes into the live stream.
enum LiveShape: Sendable {
  /// As a step (writes, notifications, resolutions).
  case step
  /// As an action event, with its changes.
  case action(SnapshotAction)
  /// As an evaluation event.
  case evaluation
  /// As an effect event.
  case effect(EffectEvent)
}

/// A timeline entry on its way to the live stream, its cause not found yet.
struct LiveEntry: Sendable {
  var entry: TimelineEntry
  var shape: LiveShape
}

/// The live stream's causal timeline, on the stream's writer thread: puts the entries the hooks
/// queued and the actions read from the stores' recordings in one causal order, and finds each
/// one's cause by walking them in that order.
///
/// The stores' actions do not pass through the queue (the app pays nothing per action for a
/// live stream): the writer reads them after taking what was queued, so every queued entry an
/// action caused (an effect's start, a store selector's run) is read with it or after it, and
/// puts each round's entries in the order of their numbers.
///
/// ```swift
/// let timeline = LiveTimeline()
/// let made = timeline.merge(batch, item: { $0.make() }, at: \.atNanos, actions: read, taken: latest)
/// // in causal order, causes found
/// ```
final class LiveTimeline: Sendable {
  /// What one item of the merged timeline makes: a queued event as it was made, or an entry.
  enum Item {
    case event(EventStream.Made)
    case entry(LiveEntry)
  }

  /// Finds the causes of streamed entries; kept from one stream to the next, so an entry
  /// finds a cause streamed before a listener came back.
  private let causes = LockedValue(CauseResolver())
  /// The actions held back for the next round (see ``merge(_:item:at:actions:taken:holding:)``).
  private let held = LockedValue<[(LiveEntry, atNanos: Int)]>([])

  /// The queued entries and the stores' `actions` in the order of their numbers, made into
  /// events with their causes; a queued event that is not an entry (a node's new value) stays
  /// right after the entry queued before it. `at` gives a queued item's time; an action's
  /// comes with it.
  ///
  /// Queued entries are not always in number order (an evaluation is numbered as it starts
  /// and queued as it ends, after the evaluations it started); in number order, each finds
  /// its cause as a snapshot's timeline does (the latest change of a node, the latest action
  /// of a store, before it).
  ///
  /// The stores' actions are read after the queue was taken, so what an action caused is in
  /// this round or a later one. An action numbered after `taken` (the causal order's latest
  /// number when the queue was taken) waits for the next round when `holding` (the last round
  /// holds nothing back): what was queued before it, its cause among them, may have missed
  /// this round. One numbered before cannot wait: what it caused may be in this round.
  func merge<Queued>(
    _ queued: [Queued], item: (Queued) -> Item, at time: (Queued) -> Int, actions read: [(LiveEntry, atNanos: Int)],
    taken: Int = .max, holding: Bool = true
  ) -> [(made: EventStream.Made, atNanos: Int)] {
    // Each item keyed by its number (an event by the entry before it), then by where it was.
    var slots: [(key: Int, place: Int, item: Item, atNanos: Int)] = []
    slots.reserveCapacity(queued.count + read.count)
    var key = Int.min
    for pending in queued {
      let item = item(pending)
      if case .entry(let live) = item { key = live.entry.event.seq }
      slots.append((key, slots.count, item, time(pending)))
    }
    held.withLock { held in
      let waiting = held
      held = []
      for action in waiting + read {
        if holding && action.0.entry.event.seq > taken {
          held.append(action)
        } else {
          slots.append((action.0.entry.event.seq, slots.count, .entry(action.0), action.atNanos))
        }
      }
    }
    slots.sort { ($0.key, $0.place) < ($1.key, $1.place) }
    return causes.withLock { causes in
      slots.map { slot in
        switch slot.item {
        case .event(let made): (made, slot.atNanos)
        case .entry(let live): (Self.made(live, causes: &causes), slot.atNanos)
        }
      }
    }
  }

  /// The event an entry stands for, its cause found and noted for the entries after it.
  private static func made(_ live: LiveEntry, causes: inout CauseResolver) -> EventStream.Made {
    let event = causes.resolve(live.entry)
    let kind: InspectorEvent.Kind
    switch live.shape {
    case .step: kind = .step(event)
    case .action(let action): kind = .action(action)
    case .effect(let effect): kind = .effect(effect)
    case .evaluation:
      kind = .evaluation(
        EvaluationEvent(
          node: event.node ?? "", durationNanos: event.durationNanos ?? 0, trigger: event.trigger ?? "",
          changed: event.changed ?? true, value: event.value))
    }
    return EventStream.Made(kind: kind, seq: event.seq, cause: event.cause, entry: event)
  }
}

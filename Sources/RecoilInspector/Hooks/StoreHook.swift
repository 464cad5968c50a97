import Dispatch
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores

/// Observes one store for an inspector: keeps its effects, and forwards events to the live
/// stream. The store keeps its action recording and its selectors' evaluations itself (see
/// `Store.startRecordingActions`); snapshots read them from the store.
final class StoreHook: StoreObserver {
  let name: String
  let core: InspectorCore

  /// The actions this hook dropped while the stream was full: the store asks one action at a
  /// time, so they are counted without a locked instruction.
  private let dropped: DropTally
  /// The store's number of the last action left out of the stream (never recorded), so that
  /// its notification is left out too; touched only on the stream's writer thread.
  private let leftOutAction = LockedValue(0)

  init(name: String, core: InspectorCore) {
    self.name = name
    self.core = core
    self.dropped = core.makeDropTally()
  }

  /// Actions only for the live stream: the store records the trace itself. The inspector tells
  /// the store when streaming starts or stops.
  var wantsActions: Bool { core.isStreamingEnabled }

  /// While the live stream's queue is full, an action (and its notification) is dropped and
  /// counted before the store makes anything for it: a listener that stopped reading costs
  /// the app one check per action.
  func acceptsNextAction() -> Bool {
    // Its notification, if it has one, is not known yet: counted as the action's one event.
    if core.streamIsFull {
      dropped.add()
      return false
    }
    return core.isStreamingEnabled
  }

  func receive(_ event: StoreEvent) {
    switch event {
    case .action(let record):
      // The store keeps the trace itself; this event is for the live stream. The diff is made
      // on the stream's writer thread, not here.
      // Accepted already (`acceptsNextAction`); a second observer's full stream may still drop it.
      guard core.isStreamingEnabled else { return }
      let raw = record.named(name)
      core.streamEntry { [core, leftOutAction] in
        var action: SnapshotAction = core.describe(raw)
        // Known by its name only once described, here on the writer thread.
        if !core.unrecordedActions.isEmpty && core.unrecordedActions.contains(action.name) {
          leftOutAction.withLock { $0 = raw.sequence }
          return nil
        }
        // A snapshot keeps the site on the action's timeline entry; a live event carries it.
        action.site = raw.site?.description
        return (TimelineEntry.action(raw, described: action), .action(action))
      }
      if let notification = TimelineEntry.notification(after: raw) {
        // Made on the writer thread right after its action's, so it knows whether that was left out.
        core.streamEntry { [leftOutAction] in
          leftOutAction.withLock { $0 } == raw.sequence ? nil : (notification, .step)
        }
      }
    case .effectStarted(_, let effect, let run, let sequence, let order):
      effectEvent(
        EffectEvent(store: name, effect: effect, run: run, phase: .started), order: order, actionSequence: sequence)
    case .effectFinished(_, let effect, let run):
      effectEvent(EffectEvent(store: name, effect: effect, run: run, phase: .finished))
    case .effectCancelled(_, let effect, let run):
      effectEvent(EffectEvent(store: name, effect: effect, run: run, phase: .cancelled))
    case .effectFailed(_, let effect, let run, let error):
      effectEvent(
        EffectEvent(store: name, effect: effect, run: run, phase: .failed, error: String(describing: error)))
    case .selectorEvaluated(_, let selector, _, let duration, let value, let order, let changed):
      // The store records its selectors' evaluations itself; this event is for the live stream.
      guard core.streamAccepts() else { return }
      let (id, store, redactor) = (StoreSelectorNode.id(selector, store: name), name, core.redactor)
      let start = MonotonicClock.nanos(MonotonicClock.nanos &- duration, since: core.startNanos)
      core.streamEntry {
        (
          TimelineEntry.storeSelectorEvaluation(
            // The stream cannot tell what a derived selector reveals of redacted state (the
            // snapshot can, from the store's selectors): with any redaction rule, the marker.
            id: id, store: store, order: order,
            value: !changed
              ? nil : redactor.isEmpty ? TimelineEntry.preview(value, of: id, redactor: redactor) : Redaction.marker,
            changed: changed, durationNanos: duration, atNanos: start), .evaluation
        )
      }
    case .subscribersChanged(_, let count):
      core.stream {
        .node(SnapshotNode(id: self.name, kind: .store, subscribers: count))
      }
    case .sliceRegistered(_, let slice):
      core.noteSlice(at: slice.path, of: name)
      core.stream {
        var node = SnapshotNode(
          id: "\(self.name).\(slice.name)", kind: .slice, label: slice.name, owner: self.name,
          valueType: slice.valueType)
        if slice.path != slice.name { node.path = slice.path }
        return .node(node)
      }
    case .actionDropped:
      break
    }
  }

  /// Keeps an effect event in the causal order: a start in the order the store gave it, the
  /// other phases as they arrive.
  private func effectEvent(_ event: EffectEvent, order: UInt64 = 0, actionSequence: Int? = nil) {
    let order = order != 0 ? order : CausalOrder.next()
    let now = MonotonicClock.nanos
    core.record {
      $0.effects.append(
        InspectorJournal.Effect(event: event, order: order, actionSequence: actionSequence, atNanos: now))
    }
    let (redactor, atNanos) = (core.redactor, MonotonicClock.nanos(now, since: core.startNanos))
    core.streamEntry {
      (
        TimelineEntry.effect(
          event, order: order, actionSequence: actionSequence, atNanos: atNanos, redactor: redactor),
        .effect(event)
      )
    }
  }
}

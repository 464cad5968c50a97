import Dispatch
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores

/// Observes one store for an inspector: keeps its effects, and forwards events to the live
/// stream. The store keeps its action recording and its selectors' evaluations itself (see
/// `Store.startRecordingActions`); snapshots and the live stream read them from the store.
final class StoreHook: StoreObserver {
  let name: String
  let core: InspectorCore

  init(name: String, core: InspectorCore) {
    self.name = name
    self.core = core
  }

  /// No actions: the store records them itself, and the live stream reads them from its
  /// recording (see `StoreActionFeed`), so a stream costs the app nothing per action.
  var wantsActions: Bool { false }

  func acceptsNextAction() -> Bool { false }

  func receive(_ event: StoreEvent) {
    switch event {
    case .action:
      // Not asked for (see `wantsActions`).
      break
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
    case .reducerReplaced(_, let site):
      recordReducerReplaced(at: site)
    case .actionDropped:
      break
    }
  }

  /// A replaced reducer, as an entry of the store's (`action app replaceReducer`, where the app
  /// replaced it), as Redux DevTools show `@@redux/REPLACE`; caused by what was running.
  private func recordReducerReplaced(at site: CallSite) {
    let order = CausalOrder.next()
    let cause = CauseContext.current
    let now = MonotonicClock.nanos
    let event = SnapshotEntry(
      seq: Int(order), kind: .action, cause: cause == 0 ? nil : Int(cause), store: name, name: "replaceReducer",
      atNanos: MonotonicClock.nanos(now, since: core.startNanos), site: site.isUnknown ? nil : site.description)
    core.record { $0.madeEntries.append((event, now)) }
    core.streamEntry { (TimelineEntry(event: event, rule: cause == 0 ? .none : .order(cause)), .step) }
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

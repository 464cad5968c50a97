import Dispatch
import RecoilAtoms
import RecoilConcurrency
import RecoilSnapshot
import RecoilStores
import Synchronization

/// Observes one atom container for an inspector: keeps the history of edges and forwards
/// events to the live stream. The container records its evaluation statistics and timeline
/// itself (see `AtomContainer.startRecordingEvaluations`); snapshots read them from it.
final class ContainerHook: AtomGraphObserver {
  let prefix: String
  let core: InspectorCore
  /// Node kinds, learnt from registrations, for the stream's partial node updates. Keyed by
  /// key (its hash is cached) rather than by id, so registering a node builds no string.
  private let kinds = LockedValue<[NodeKey: SnapshotNodeKind]>([:])

  init(prefix: String, core: InspectorCore) {
    self.prefix = prefix
    self.core = core
  }

  func id(_ key: NodeKey) -> String { prefix + key.description }

  /// The live stream starting or stopping changes `interests`; the core announces it.
  var announcesInterestChanges: Bool { true }

  /// Timed evaluations and values only for the live stream: the container records evaluation
  /// statistics and the timeline itself, and snapshots read values when they are taken.
  var interests: AtomGraphEventKinds {
    // Evaluations are asked for so that every one is timed; they are streamed from the
    // recorded steps, which carry their place in the timeline.
    core.isStreamingEnabled ? [.evaluations, .values, .timeline] : []
  }

  // One function by design: one switch over what the container reports, each case handing
  // it on, so that the compiler checks that every kind is streamed or recorded.
  func receive(_ event: AtomGraphEvent) {
    switch event {
    case .recorded(let step):
      // What the container recorded, for the live stream, in order with its cause.
      guard core.streamAccepts() else { return }
      let (prefix, core) = (prefix, core)
      switch step {
      case .evaluation(let evaluation):
        core.streamEntry {
          let atNanos = MonotonicClock.nanos(evaluation.startNanos, since: core.startNanos)
          return (
            TimelineEntry.evaluation(evaluation, prefix: prefix, redactor: core.redactor, atNanos: atNanos), .evaluation
          )
        }
      case .write(let write):
        core.streamEntry {
          let atNanos = MonotonicClock.nanos(write.atNanos, since: core.startNanos)
          return (TimelineEntry.write(write, prefix: prefix, redactor: core.redactor, atNanos: atNanos), .step)
        }
      case .scopeRun(let run):
        core.streamEntry {
          let atNanos = MonotonicClock.nanos(run.startNanos, since: core.startNanos)
          return (TimelineEntry.scopeRun(run, prefix: prefix, atNanos: atNanos), .step)
        }
      case .occurrence(let occurrence):
        // Every entry the snapshot's timeline has, atom effects' phases included (a step of
        // kind effect; the stream's `effect` events are stores').
        core.streamEntry {
          let atNanos = occurrence.atNanos.map { MonotonicClock.nanos($0, since: core.startNanos) }
          return (
            TimelineEntry.occurrence(occurrence, prefix: prefix, redactor: core.redactor, atNanos: atNanos), .step
          )
        }
      }
    case .effectFailed(let node, let effect, let error):
      guard core.isStreamingEnabled else { return }
      let redactor = core.redactor
      core.stream {
        let id = self.id(node)
        return .error(
          node: id, message: redactor.redacts(node: id) ? Redaction.marker : "effect \(effect): \(error)")
      }
    case .edgeAdded(let from, let to), .edgeRemoved(let from, let to):
      let now = MonotonicClock.nanos
      let added: Bool
      if case .edgeAdded = event { added = true } else { added = false }
      let edge = SnapshotEdge(from: id(from), to: id(to))
      core.record { $0.edgeHistory.append(InspectorJournal.EdgeChange(edge: edge, added: added, atNanos: now)) }
      // Checked here, so that no stream closure is made while nobody streams.
      guard core.isStreamingEnabled else { return }
      core.stream { added ? .edgeAdded(edge) : .edgeRemoved(edge) }
    case .nodeRegistered(let info):
      kinds.withLock { $0[info.key] = info.kind == .atom ? .atom : .selector }
      guard core.isStreamingEnabled else { return }
      core.stream {
        .node(
          SnapshotNode(
            id: self.id(info.key), kind: info.kind == .atom ? .atom : .selector, isAsync: info.isAsync,
            family: info.family.map { self.prefix + $0 }, parameter: info.parameter?.description,
            valueType: info.valueType))
      }
    case .valueChanged(let node, let value):
      guard core.isStreamingEnabled else { return }
      let redactor = core.redactor
      core.stream {
        let id = self.id(node)
        return .node(
          SnapshotNode(
            id: id, kind: self.kind(of: node),
            value: redactor.redacts(node: id) ? Redaction.marker : redactor.preview(value), status: .ready))
      }
    case .errorRaised(let node, let error):
      guard core.isStreamingEnabled else { return }
      let redactor = core.redactor
      core.stream {
        let id = self.id(node)
        return .error(node: id, message: redactor.redacts(node: id) ? Redaction.marker : String(describing: error))
      }
    case .subscribersChanged(let node, let count):
      guard core.isStreamingEnabled else { return }
      core.stream {
        .node(SnapshotNode(id: self.id(node), kind: self.kind(of: node), subscribers: count))
      }
    case .loadingStarted(let node):
      guard core.isStreamingEnabled else { return }
      core.stream {
        .node(SnapshotNode(id: self.id(node), kind: self.kind(of: node), status: .loading))
      }
    case .nodeReleased(let node):
      guard core.isStreamingEnabled else { return }
      core.stream { [prefix] in .nodeRemoved(id: prefix + node.description) }
    case .evaluationStarted, .evaluationFinished, .loadingFinished:
      break
    }
  }

  private func kind(of node: NodeKey) -> SnapshotNodeKind {
    kinds.withLock { $0[node] } ?? .selector
  }

}

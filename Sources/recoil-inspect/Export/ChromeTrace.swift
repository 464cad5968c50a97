import RecoilSnapshot

/// A snapshot in the Chrome Trace Event Format, which ui.perfetto.dev and `chrome://tracing`
/// open: `{"traceEvents": [...], "displayTimeUnit": "ns"}`.
///
/// - Each store is a process with an "actions" thread, an "effects" thread and a thread per
///   store selector; each atom container (node ids before a `/`, or the unnamed one) is a
///   process with a "writes" thread and a thread per selector. Metadata events name them.
/// - Every recorded action is a complete event (`ph: "X"`, `ts` and `dur` in microseconds)
///   named by the action, with its store number, payload and changes in `args`; an action its
///   store did not time is a slice of no duration.
/// - From the causal timeline: every evaluation a slice on its selector's thread (timed ones
///   with their duration) with the trigger in `args`; writes, notifications and resolutions
///   slices of no duration on their container's "writes" thread (or their store's actions
///   thread); an effect run (a store's, or an atom's on its container) a slice from its start
///   to its end; and a flow event (`ph: "s"` and
///   `"f"`) from each entry's cause to it, so Perfetto draws the arrows of cause and effect.
/// - Metadata events, last, name the processes and threads.
///
/// Entries the timeline recorded no time for (writes, notifications) are placed at the time
/// of the entry before them.
///
/// ```swift
/// let json = ChromeTrace.json(for: snapshot)
/// ```
enum ChromeTrace {
  /// A track: a process and a thread, named.
  private struct Track: Hashable {
    var process: Int
    var thread: Int
  }

  /// Processes and threads, numbered as they are first needed, with their names.
  private struct Tracks {
    private var processes: [String: Int] = [:]
    private(set) var processNames: [(Int, String)] = []
    private var threads: [Int: [String: Int]] = [:]
    private(set) var threadNames: [(Track, String)] = []

    mutating func track(process name: String, thread: String) -> Track {
      let process: Int
      if let known = processes[name] {
        process = known
      } else {
        process = processes.count + 1
        processes[name] = process
        processNames.append((process, name))
      }
      if let known = threads[process]?[thread] { return Track(process: process, thread: known) }
      let number = (threads[process]?.count ?? 0) + 1
      threads[process, default: [:]][thread] = number
      let track = Track(process: process, thread: number)
      threadNames.append((track, thread))
      return track
    }
  }

  static func json(for snapshot: Snapshot) -> [UInt8] {
    var trace = TraceWriter(snapshot)
    trace.writeActions()
    trace.writeTimeline()
    trace.endRunningEffects()
    trace.writeCauseArrows()
    return trace.finish()
  }

  /// One trace being written: the tracks named so far, and where each timeline entry was
  /// drawn, which the arrows of cause and effect join.
  private struct TraceWriter: ~Copyable {
    let snapshot: Snapshot
    var tracks = Tracks()
    var events = JSONWriter(compact: true)
    /// Slices by timeline seq, for flow events: where each entry was drawn and when.
    var placed: [Int: (track: Track, ts: Double)] = [:]
    /// Effect runs started and not yet ended, by the seq of their start.
    var effectStarts: [Int: (track: Track, ts: Double, event: SnapshotEntry)] = [:]
    /// The latest time drawn, where an entry without a time of its own goes.
    var now = 0.0
    let ownerOfNode: [String: String]

    init(_ snapshot: Snapshot) {
      self.snapshot = snapshot
      ownerOfNode = Dictionary(
        snapshot.nodes.compactMap { node in node.owner.map { (node.id, $0) } },
        uniquingKeysWith: { first, _ in first })
      // Stores first, in the order their actions appear, so that their numbers are stable.
      for action in snapshot.actions { _ = tracks.track(process: "store \(action.store)", thread: "actions") }
      for node in snapshot.nodes where node.kind == .store {
        _ = tracks.track(process: "store \(node.id)", thread: "actions")
      }
      events.beginObject()
      events.write("displayTimeUnit", "ns")
      events.beginArray(key: "traceEvents")
    }

    mutating func slice(
      _ name: String, category: String, on track: Track, ts: Double, duration: Double,
      arguments: (inout JSONWriter) -> Void
    ) {
      events.beginObject()
      events.write("ph", "X")
      events.write("cat", category)
      events.write("name", name)
      events.write("pid", track.process)
      events.write("tid", track.thread)
      events.write("ts", twoDecimals: ts)
      events.write("dur", twoDecimals: duration)
      events.beginObject(key: "args")
      arguments(&events)
      events.endObject()
      events.endObject()
    }

    /// Actions, with their changes, from the action recording.
    mutating func writeActions() {
      let timeline = TimelineIndex(snapshot)
      for action in snapshot.actions {
        let track = tracks.track(process: "store \(action.store)", thread: "actions")
        let ts = Double(action.atNanos ?? 0) / 1_000
        let entry = timeline.entry(for: action)
        slice(
          action.name, category: "action", on: track, ts: ts, duration: Double(action.durationNanos ?? 0) / 1_000
        ) { arguments in
          arguments.write("seq", action.seq)
          arguments.write("payload", action.payload)
          arguments.write("timed", action.durationNanos != nil)
          arguments.write("site", action.site ?? entry?.site)
          arguments.beginArray(key: "changes")
          for change in action.changes {
            arguments.writeElement("\(change.path): \(change.before ?? "∅") -> \(change.after ?? "∅")")
          }
          arguments.endArray()
        }
        if let entry { placed[entry.seq] = (track, ts) }
      }
    }

    /// The rest of the timeline, each entry on its track.
    mutating func writeTimeline() {
      for event in snapshot.timeline {
        let cause = event.cause.flatMap { placed[$0] }
        let ts = event.atNanos.map { Double($0) / 1_000 } ?? max(now, cause?.ts ?? 0)
        now = max(now, ts)
        let container = containerName(of: event.subject)
        switch event.kind {
        case .action: continue  // drawn from the action recording
        case .evaluation: writeEvaluation(event, ts: ts, container: container)
        case .write, .resolution, .notification: writeChange(event, ts: ts, container: container)
        case .scope:
          // A tracking scope's run (a view's body): a slice on its container's scopes track.
          let track = tracks.track(process: container, thread: "scopes")
          slice(
            "run \(event.name ?? "scope")", category: "scope", on: track, ts: ts,
            duration: Double(event.durationNanos ?? 0) / 1_000
          ) {
            $0.write("seq", event.seq)
            $0.write("site", event.site)
            $0.beginArray(key: "reads")
            for id in event.reads { $0.writeElement(id) }
            $0.endArray()
          }
          placed[event.seq] = (track, ts)
        case .control:
          // What the tool changed: an instant on the app's own track, the cause of what follows.
          let track = tracks.track(process: "recoil-inspect", thread: "control")
          slice(event.summary, category: "control", on: track, ts: ts, duration: 0) {
            $0.write("seq", event.seq)
            $0.write("by", event.site)
          }
          placed[event.seq] = (track, ts)
        case .effect: writeEffect(event, ts: ts, container: container)
        }
      }
    }

    private mutating func writeEvaluation(_ event: SnapshotEntry, ts: Double, container: String) {
      guard let node = event.node else { return }
      let track =
        ownerOfNode[node].map { tracks.track(process: "store \($0)", thread: node) }
        ?? tracks.track(process: container, thread: node)
      slice(node, category: "evaluation", on: track, ts: ts, duration: Double(event.durationNanos ?? 0) / 1_000) {
        $0.write("seq", event.seq)
        $0.write("trigger", event.trigger)
        if let changed = event.changed { $0.write("changed", changed) }
        $0.write("timed", event.durationNanos != nil)
      }
      placed[event.seq] = (track, ts)
    }

    /// A write, resolution or notification: an instant on its container's writes track, or
    /// its store's actions track.
    private mutating func writeChange(_ event: SnapshotEntry, ts: Double, container: String) {
      let track =
        event.node == nil
        ? tracks.track(process: "store \(event.store ?? "?")", thread: "actions")
        : tracks.track(process: container, thread: "writes")
      let name: String
      switch event.kind {
      case .write: name = "\(event.name == "reset" ? "reset" : "write") \(event.subject)"
      case .resolution: name = "\(event.phase ?? "resolved") \(event.subject)"
      default: name = "notify \(event.subject)"
      }
      slice(name, category: event.kind.rawValue, on: track, ts: ts, duration: 0) {
        $0.write("seq", event.seq)
        $0.write("before", event.before)
        $0.write("after", event.after)
        $0.write("site", event.site)
        $0.write("subscribers", event.subscribers)
      }
      placed[event.seq] = (track, ts)
    }

    /// A store's effect, or an atom effect (on its container's track): its start is kept, and
    /// its end draws one slice from the start.
    private mutating func writeEffect(_ event: SnapshotEntry, ts: Double, container: String) {
      let track =
        event.store.map { tracks.track(process: "store \($0)", thread: "effects") }
        ?? tracks.track(process: container, thread: "effects")
      if event.phase == "started" {
        effectStarts[event.seq] = (track, ts, event)
        placed[event.seq] = (track, ts)
        return
      }
      guard let start = event.cause.flatMap({ effectStarts.removeValue(forKey: $0) }) else { return }
      slice(event.name ?? "effect", category: "effect", on: track, ts: start.ts, duration: max(0, ts - start.ts)) {
        $0.write("seq", start.event.seq)
        $0.write("phase", event.phase)
        $0.write("error", event.error)
      }
    }

    /// Runs still going when the snapshot was taken end there.
    mutating func endRunningEffects() {
      let end = snapshot.elapsedNanos.map { Double($0) / 1_000 } ?? now
      for (_, start) in effectStarts.sorted(by: { $0.key < $1.key }) {
        slice(
          start.event.name ?? "effect", category: "effect", on: start.track, ts: start.ts,
          duration: max(0, end - start.ts)
        ) {
          $0.write("seq", start.event.seq)
          $0.write("phase", "running")
        }
      }
    }

    /// Arrows from cause to effect.
    mutating func writeCauseArrows() {
      for event in snapshot.timeline {
        guard let cause = event.cause, let from = placed[cause], let to = placed[event.seq] else { continue }
        for (phase, place) in [("s", from), ("f", to)] {
          events.beginObject()
          events.write("ph", phase)
          events.write("cat", "cause")
          events.write("name", "cause")
          events.write("id", event.seq)
          events.write("pid", place.track.process)
          events.write("tid", place.track.thread)
          events.write("ts", twoDecimals: place.ts)
          if phase == "f" { events.write("bp", "e") }
          events.endObject()
        }
      }
    }

    /// Names last (the format allows metadata anywhere, and only now are all tracks known),
    /// and the document's text.
    consuming func finish() -> [UInt8] {
      for (process, name) in tracks.processNames {
        ChromeTrace.metadata("process_name", process: process, thread: nil, name: name, into: &events)
      }
      for (track, name) in tracks.threadNames {
        ChromeTrace.metadata("thread_name", process: track.process, thread: track.thread, name: name, into: &events)
      }
      events.endArray()
      events.endObject()
      return Array(events.text.utf8)
    }
  }

  /// The container a node belongs to: its id's prefix before `/` (an inspector's name for an
  /// attached container), or the unnamed one.
  fileprivate static func containerName(of id: String) -> String {
    guard let slash = id.firstIndex(of: "/") else { return "container" }
    return "container \(id[..<slash])"
  }

  fileprivate static func metadata(
    _ kind: String, process: Int, thread: Int?, name: String, into writer: inout JSONWriter
  ) {
    writer.beginObject()
    writer.write("ph", "M")
    writer.write("name", kind)
    writer.write("pid", process)
    writer.write("tid", thread ?? 0)
    writer.beginObject(key: "args")
    writer.write("name", name)
    writer.endObject()
    writer.endObject()
  }
}

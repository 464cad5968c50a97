import RecoilSnapshot

/// A snapshot in the Chrome Trace Event Format, which ui.perfetto.dev and `chrome://tracing`
/// open: `{"traceEvents": [...], "displayTimeUnit": "ns"}`.
///
/// Each store is a process with an "actions" thread; every recorded action is a complete
/// event (`ph: "X"`, `ts` and `dur` in microseconds) named by the action, with its store
/// number, payload and changes in `args`. Metadata events name the processes and threads.
/// An action its store did not time (sampled timing) is a slice of no duration.
///
/// ```swift
/// let json = ChromeTrace.json(for: snapshot)
/// ```
enum ChromeTrace {
  static func json(for snapshot: Snapshot) -> [UInt8] {
    var stores: [String] = []
    for action in snapshot.actions where !stores.contains(action.store) { stores.append(action.store) }
    for node in snapshot.nodes where node.kind == .store && !stores.contains(node.id) { stores.append(node.id) }
    let processOfStore = Dictionary(uniqueKeysWithValues: stores.enumerated().map { ($1, $0 + 1) })

    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.write("displayTimeUnit", "ns")
    writer.beginArray(key: "traceEvents")
    for (store, process) in processOfStore.sorted(by: { $0.value < $1.value }) {
      metadata("process_name", process: process, thread: nil, name: "store \(store)", into: &writer)
      metadata("thread_name", process: process, thread: actionsThread, name: "actions", into: &writer)
    }
    for action in snapshot.actions {
      guard let process = processOfStore[action.store] else { continue }
      writer.beginObject()
      writer.write("ph", "X")
      writer.write("cat", "action")
      writer.write("name", action.name)
      writer.write("pid", process)
      writer.write("tid", actionsThread)
      writer.write("ts", twoDecimals: Double(action.atNanos ?? 0) / 1_000)
      writer.write("dur", twoDecimals: Double(action.durationNanos ?? 0) / 1_000)
      writer.beginObject(key: "args")
      writer.write("seq", action.seq)
      writer.write("payload", action.payload)
      writer.write("timed", action.durationNanos != nil)
      writer.beginArray(key: "changes")
      for change in action.changes {
        writer.writeElement("\(change.path): \(change.before ?? "∅") -> \(change.after ?? "∅")")
      }
      writer.endArray()
      writer.endObject()
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
    return Array(writer.text.utf8)
  }

  /// Every store's actions are on one thread of its process.
  private static let actionsThread = 1

  private static func metadata(_ kind: String, process: Int, thread: Int?, name: String, into writer: inout JSONWriter)
  {
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

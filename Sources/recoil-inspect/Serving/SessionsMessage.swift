import RecoilSnapshot

/// What the live page hears of its sessions: the list as JSON (`GET /sessions`) and as a
/// Server-Sent Event (`event: sessions`) on the event stream.
///
/// ```swift
/// SessionsMessage.json(sessions.summaries())   // {"sessions":[{"number":1,"name":"cart-demo 4242",…}]}
/// ```
enum SessionsMessage {
  /// The sessions as one Server-Sent Event, `event: sessions`.
  static func event(_ summaries: [LiveSessions.Summary]) -> [UInt8] {
    Array("event: sessions\ndata: ".utf8) + json(summaries) + Array("\n\n".utf8)
  }

  /// `{"sessions": [{"number": 1, "name": "cart-demo 4242", …}, …]}`, on one line.
  static func json(_ summaries: [LiveSessions.Summary]) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.writeObjects(key: "sessions", summaries) { writer, summary in
      writer.write("number", summary.number)
      writer.write("name", summary.name)
      writer.write("app", summary.app)
      writer.write("pid", summary.processID)
      writer.write("instance", summary.instance)
      writer.write("connected", summary.isConnected)
      writer.write("version", summary.version)
      writer.write("shapeVersion", summary.shapeVersion)
      writer.write("entries", summary.entries)
      writer.write("latestSeq", summary.latestSeq)
      writer.write("dropped", summary.droppedByApp)
      writer.write("trimmed", summary.trimmed)
      writer.write("jumpedTo", summary.jumpedTo)
    }
    writer.endObject()
    return writer.bytes
  }
}

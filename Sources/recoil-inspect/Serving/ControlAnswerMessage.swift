import RecoilSnapshot

/// What a control request's client reads back: `{"ok": true, "message": "…", "session": 1,
/// "seq": 5120}` (`seq`: the `control` entry the app recorded for it, when it did something).
///
/// ```swift
/// ControlAnswerMessage.json(true, "set Pricing.currency", session: 1, seq: 5120)
/// ```
enum ControlAnswerMessage {
  static func json(_ ok: Bool, _ message: String, session: Int?, seq: Int? = nil) -> [UInt8] {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.write("ok", ok)
    writer.write("message", message)
    writer.write("session", session)
    writer.write("seq", seq)
    writer.endObject()
    return writer.bytes
  }
}

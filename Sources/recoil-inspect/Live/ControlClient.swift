import Foundation
import RecoilSnapshot
import RecoilTransport

/// Sends one control request to a running `live --serve` (`POST /control`) and reads its
/// app's answer: what `recoil-inspect control` does.
///
/// ```swift
/// let server = try ControlClient.Server(parsing: "http://127.0.0.1:8080/?token=4f1c…")
/// let answer = try ControlClient.send(request, to: server, app: nil)
/// print(answer.ok, answer.message)
/// ```
enum ControlClient {
  /// Where `live --serve` is: what it printed, token included.
  struct Server: Equatable {
    var host: String
    var port: UInt16
    var token: String

    /// Reads `http://HOST:PORT/?token=TOKEN` (an IPv4 address or `localhost`).
    init(parsing text: String) throws(UsageError) {
      let expected = "the address live --serve printed, such as http://127.0.0.1:8080/?token=…"
      guard let url = URLComponents(string: text), url.scheme == "http", let host = url.host, !host.isEmpty,
        let port = url.port, let portNumber = UInt16(exactly: port),
        let token = url.queryItems?.first(where: { $0.name == "token" })?.value, !token.isEmpty
      else { throw .invalidValue(option: "--server", value: text, expected: expected) }
      self.host = host
      self.port = portNumber
      self.token = token
    }
  }

  /// The answer: whether the app did it, what it said, and the HTTP status.
  struct Answer: Equatable {
    var ok: Bool
    var message: String
    var status: Int
  }

  /// Posts `request` and waits (at most `live --serve`'s own wait and a little more) for the
  /// answer.
  static func send(_ request: ControlRequest, to server: Server, app: String?) throws(CommandFailure) -> Answer {
    let endpoint = "http://\(server.host):\(server.port)"
    var path = "/control?token=\(percentEncoded(server.token))"
    if let app { path += "&app=\(percentEncoded(app))" }
    // The server answers within its own wait for the app.
    let answer: HTTPPost.Answer
    do {
      answer = try HTTPPost.send(
        Array(request.encoded().utf8), to: HTTPTarget(host: server.host, port: server.port, path: path))
    } catch {
      let hint = error.reason.hasPrefix("cannot connect") ? " (is live --serve running?)" : ""
      throw .unreachable(endpoint: endpoint, reason: error.reason + hint)
    }
    return read(answer)
  }

  /// The status and `{"ok", "message"}` body of the server's answer.
  static func read(_ answer: HTTPPost.Answer) -> Answer {
    let status = answer.status
    let body = Data(answer.body)
    guard let reply = try? JSONValue(parsing: answer.body), let message = reply["message"]?.string else {
      // Refused before the app was asked (a wrong token, say): the server says why in text,
      // one line of it (whatever answers at that address may send a megabyte).
      let text = shortened(String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      return Answer(ok: false, message: text.isEmpty ? "HTTP \(status)" : text, status: status)
    }
    return Answer(ok: reply["ok"]?.bool ?? false, message: message, status: status)
  }

  private static func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
  }
}

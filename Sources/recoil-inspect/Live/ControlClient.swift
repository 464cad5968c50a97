import Foundation
import RecoilSnapshot

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
    let descriptor = LiveSocket.connect(ipv4: server.host, port: server.port, timeoutMilliseconds: 3_000)
    guard descriptor >= 0 else {
      throw .unreachable(
        endpoint: endpoint, reason: "cannot connect: \(Descriptor.reason(errno)) (is live --serve running?)")
    }
    defer { LiveSocket.close(descriptor) }
    let body = Array(request.encoded().utf8)
    var target = "/control?token=\(percentEncoded(server.token))"
    if let app { target += "&app=\(percentEncoded(app))" }
    let head =
      "POST \(target) HTTP/1.1\r\nHost: \(server.host):\(server.port)\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    let bytes = Array(head.utf8) + body
    var offset = 0
    while offset < bytes.count {
      let sent = LiveSocket.send(descriptor, bytes, from: offset)
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { throw .unreachable(endpoint: endpoint, reason: "the server closed the connection") }
      offset += sent
    }
    // The server answers within its own wait for the app; read to the end of the answer.
    var response: [UInt8] = []
    let buffer = LiveSocket.ReadBuffer(capacity: 64 * 1024)
    let deadline = ContinuousClock.now + .seconds(15)
    while ContinuousClock.now < deadline {
      var status = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&status, 1, 500) >= 0 || errno == EINTR else { break }
      guard status.revents != 0 else { continue }
      let count = buffer.read(from: descriptor, appendingTo: &response)
      if count == 0 { break }
      if count < 0 && errno != EINTR && errno != EAGAIN { break }
      if response.count > 1 << 20 { break }
    }
    return try read(response, endpoint: endpoint)
  }

  /// The status and `{"ok", "message"}` body of the server's response.
  static func read(_ response: [UInt8], endpoint: String) throws(CommandFailure) -> Answer {
    guard let end = HTTPRequest.endOfHead(in: response),
      let head = String(validating: response[..<end], as: UTF8.self),
      let statusText = head.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText)
    else { throw .unreachable(endpoint: endpoint, reason: "no HTTP answer came back") }
    let body = Data(response[end...])
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let message = object["message"] as? String
    else {
      // Refused before the app was asked (a wrong token, say): the server says why in text.
      let text = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return Answer(ok: false, message: text.isEmpty ? "HTTP \(status)" : text, status: status)
    }
    return Answer(ok: (object["ok"] as? Bool) ?? false, message: message, status: status)
  }

  private static func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
  }
}

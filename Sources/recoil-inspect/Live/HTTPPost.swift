import Foundation

/// One HTTP/1.1 POST over a fresh loopback or IPv4 connection, read to its end: how `export
/// --otlp` sends to a collector, without a networking library.
///
/// ```swift
/// let answer = try HTTPPost.send(body, to: HTTPPost.Target(parsing: "http://127.0.0.1:4318/v1/traces"))
/// print(answer.status)
/// ```
enum HTTPPost {
  /// Where to post: an IPv4 address or `localhost`, a port, and a path.
  struct Target: Equatable {
    var host: String
    var port: UInt16
    var path: String

    /// Reads `http://HOST:PORT[/PATH]`; a URL without a path gets `defaultPath`.
    init(parsing text: String, option: String, defaultPath: String) throws(UsageError) {
      let expected = "http://HOST:PORT with an IPv4 address or localhost, such as http://127.0.0.1:4318"
      guard let url = URLComponents(string: text), url.scheme == "http", let host = url.host, !host.isEmpty,
        host == "localhost" || host.split(separator: ".").count == 4 && host.allSatisfy({ $0.isNumber || $0 == "." }),
        let port = url.port, let portNumber = UInt16(exactly: port)
      else { throw .invalidValue(option: option, value: text, expected: expected) }
      self.host = host
      self.port = portNumber
      self.path = url.path.isEmpty || url.path == "/" ? defaultPath : url.path
    }

    var description: String { "http://\(host):\(port)\(path)" }
  }

  /// What came back.
  struct Answer {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
  }

  /// Why nothing came back.
  struct Unreachable: Error {
    var reason: String
  }

  /// Posts `body` with `headers` (`Name: value` lines) and reads the answer's status and headers.
  static func send(
    _ body: [UInt8], to target: Target, contentType: String = "application/json", headers: [String] = []
  ) throws(Unreachable) -> Answer {
    let descriptor = LiveSocket.connect(ipv4: target.host, port: target.port, timeoutMilliseconds: 3_000)
    guard descriptor >= 0 else { throw Unreachable(reason: "cannot connect: \(Descriptor.reason(errno))") }
    defer { LiveSocket.close(descriptor) }
    var head = "POST \(target.path) HTTP/1.1\r\nHost: \(target.host):\(target.port)\r\n"
    head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
    for header in headers { head += header + "\r\n" }
    let bytes = Array((head + "\r\n").utf8) + body
    var offset = 0
    while offset < bytes.count {
      let sent = LiveSocket.send(descriptor, bytes, from: offset)
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { throw Unreachable(reason: "the collector closed the connection") }
      offset += sent
    }
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
      if response.count > 1 << 20 || HTTPRequest.endOfHead(in: response) != nil { break }
    }
    guard let end = HTTPRequest.endOfHead(in: response),
      let headText = String(validating: response[..<end], as: UTF8.self),
      let statusText = headText.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText)
    else { throw Unreachable(reason: "no HTTP answer came back") }
    var answerHeaders: [String: String] = [:]
    for line in headText.split(separator: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      answerHeaders[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    return Answer(status: status, headers: answerHeaders)
  }
}

import Foundation
import RecoilSnapshot

/// One HTTP/1.1 POST over a fresh connection to an IPv4 address or `localhost`, its answer read
/// whole: how `recoil-inspect control` asks a live server, and how traces reach an
/// OpenTelemetry collector (`export --otlp`, an app's exporter), without a networking library.
///
/// ```swift
/// let target = HTTPTarget(url: "http://127.0.0.1:4318", defaultPath: "/v1/traces")!
/// let answer = try HTTPPost.send(body, to: target, headers: ["Authorization: Bearer 4f1c"])
/// print(answer.status)  // 200
/// ```
package enum HTTPPost {
  /// What came back.
  package struct Answer: Sendable, Equatable {
    package var status: Int
    /// Header names in lower case.
    package var headers: [String: String]
    package var body: [UInt8]
  }

  /// Why nothing came back.
  package struct Unreachable: Error, Sendable, Equatable {
    package var reason: String
  }

  /// Posts `body` with `headers` (`Name: value` lines) and reads the answer, waiting at most
  /// `connectTimeout` to connect and `answerTimeout` for the answer.
  package static func send(
    _ body: [UInt8], to target: HTTPTarget, contentType: String = "application/json", headers: [String] = [],
    connectTimeout: Duration = .seconds(3), answerTimeout: Duration = .seconds(15)
  ) throws(Unreachable) -> Answer {
    let milliseconds = Int32(clamping: connectTimeout.components.seconds * 1000 + 1)
    let descriptor = TCPClient.connect(ipv4: target.host, port: target.port, timeoutMilliseconds: milliseconds)
    guard descriptor >= 0 else { throw Unreachable(reason: "cannot connect: \(TCPClient.reason(errno))") }
    defer { TCPClient.close(descriptor) }
    var head = "POST \(target.path) HTTP/1.1\r\nHost: \(target.host):\(target.port)\r\n"
    head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
    for header in headers { head += header + "\r\n" }
    guard TCPClient.sendAll(descriptor, Array((head + "\r\n").utf8) + body) else {
      throw Unreachable(reason: "the other end closed the connection")
    }
    let response = TCPClient.read(descriptor, until: .now + answerTimeout) { Self.isWhole($0) }
    guard let answer = answer(in: response) else { throw Unreachable(reason: "no HTTP answer came back") }
    return answer
  }

  /// The answer in `response`: its status line, headers and body; `nil` without a whole head.
  package static func answer(in response: [UInt8]) -> Answer? {
    guard let end = endOfHead(in: response), let head = String(validating: response[..<end], as: UTF8.self),
      let statusText = head.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText)
    else { return nil }
    var headers: [String: String] = [:]
    for line in head.split(separator: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    var body = Array(response[end...])
    if let length = headers["content-length"].flatMap(Int.init), length < body.count {
      body.removeLast(body.count - length)
    }
    return Answer(status: status, headers: headers, body: body)
  }

  /// Whether `response` holds a whole answer: its head, and as much body as it announced.
  private static func isWhole(_ response: [UInt8]) -> Bool {
    guard let end = endOfHead(in: response), let answer = answer(in: response),
      let length = answer.headers["content-length"].flatMap(Int.init)
    else { return false }
    return response.count - end >= length
  }

  /// Where the head ends (after its empty line), if it has arrived.
  package static func endOfHead(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 3..<bytes.count
    where bytes[index] == 0x0A && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A && bytes[index - 3] == 0x0D {
      return index + 1
    }
    return nil
  }
}

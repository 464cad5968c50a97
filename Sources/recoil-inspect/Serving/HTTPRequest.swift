import RecoilSnapshot
import RecoilTransport

/// The head of an HTTP/1.x request, as `live --serve` reads it: the method, the path and its
/// query, and the headers. Nothing else of HTTP is needed: the server answers GET requests
/// for a few paths and closes every connection but its event streams.
///
/// ```swift
/// let request = try HTTPRequest(head: Array("GET /events?token=ab HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n".utf8))
/// request.path             // "/events"
/// request.query["token"]   // "ab"
/// request.header("host")   // "127.0.0.1:8080"
/// ```
struct HTTPRequest: Equatable {
  /// Why a request head could not be read (the server answers 400).
  struct Malformed: Error, Equatable {
    var reason: String
  }

  /// A head longer than this is refused: the server's requests are one line and a few headers.
  static let maximumHeadBytes = 16 * 1024

  var method: String
  var path: String
  var query: [String: String]
  var headers: [(name: String, value: String)]

  static func == (lhs: HTTPRequest, rhs: HTTPRequest) -> Bool {
    lhs.method == rhs.method && lhs.path == rhs.path && lhs.query == rhs.query
      && lhs.headers.map(\.name) == rhs.headers.map(\.name) && lhs.headers.map(\.value) == rhs.headers.map(\.value)
  }

  /// The first value of header `name` (compared without case).
  func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// Where the head ends in `bytes` (just after the empty line), if it has arrived.
  static func endOfHead(in bytes: [UInt8]) -> Int? { HTTPPost.endOfHead(in: bytes) }

  /// Reads a request head: the request line, then header lines, each ending in CRLF, up to an
  /// empty line.
  init(head: [UInt8]) throws(Malformed) {
    guard head.count <= Self.maximumHeadBytes else { throw Malformed(reason: "request head too long") }
    guard let text = String(validating: head, as: UTF8.self) else { throw Malformed(reason: "not UTF-8") }
    var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
    guard lines.count >= 2, lines.last == "", lines[lines.count - 2] == "" else {
      throw Malformed(reason: "the head does not end with an empty line")
    }
    lines.removeLast(2)
    guard let requestLine = lines.first else { throw Malformed(reason: "no request line") }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw Malformed(reason: "the request line is not METHOD TARGET VERSION") }
    guard !parts[0].isEmpty, parts[0].utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
      throw Malformed(reason: "bad method")
    }
    guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { throw Malformed(reason: "not HTTP/1.0 or 1.1") }
    let target = parts[1]
    guard target.first == "/", target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw Malformed(reason: "bad target")
    }
    method = String(parts[0])
    let pathAndQuery = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard let path = Self.percentDecoded(pathAndQuery[0]) else { throw Malformed(reason: "bad escape in path") }
    self.path = path
    query = [:]
    if pathAndQuery.count == 2 {
      for pair in pathAndQuery[1].split(separator: "&") {
        let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let key = Self.percentDecoded(keyValue[0]),
          let value = Self.percentDecoded(keyValue.count == 2 ? keyValue[1] : "")
        else { throw Malformed(reason: "bad escape in query") }
        if query[key] == nil { query[key] = value }
      }
    }
    headers = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
        throw Malformed(reason: "bad header line")
      }
      let name = line[..<colon]
      guard !name.contains(" "), !name.contains("\t") else { throw Malformed(reason: "bad header name") }
      let value = line[line.index(after: colon)...].trimmingPrefix(while: { $0 == " " || $0 == "\t" })
      headers.append((String(name), String(value.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())))
    }
    if parts[2] == "HTTP/1.1" && header("host") == nil { throw Malformed(reason: "no Host header") }
  }

  /// `%xx` escapes and `+` decoded; `nil` for a broken escape or bytes that are not UTF-8.
  private static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(0x20)
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        bytes.append(high << 4 | low)
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

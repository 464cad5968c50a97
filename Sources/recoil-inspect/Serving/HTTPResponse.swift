/// An HTTP/1.1 response as the page's server sends it: status line, headers that keep a page
/// from being cached, sniffed or followed by its referrer, and the body.
///
/// ```swift
/// let bytes = HTTPResponse.bytes(status: 404, type: "text/plain", body: Array("no such page\n".utf8))
/// // "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n…"
/// ```
enum HTTPResponse {
  /// The reason phrases of the statuses the server answers with.
  static let reasons = [
    200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    409: "Conflict", 410: "Gone", 411: "Length Required", 413: "Content Too Large", 422: "Unprocessable Content",
    500: "Internal Server Error", 504: "Gateway Timeout",
  ]

  /// A whole response that closes the connection once sent; `extra` headers go after the
  /// standard ones.
  static func bytes(status: Int, type: String, body: [UInt8], extra: [(String, String)] = []) -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\n"
    head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n"
    for (name, value) in extra { head += "\(name): \(value)\r\n" }
    return Array((head + "\r\n").utf8) + body
  }

  /// The head of a Server-Sent Events stream, which stays open.
  static let eventStreamHead = Array(
    ("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
      + "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n").utf8)
}

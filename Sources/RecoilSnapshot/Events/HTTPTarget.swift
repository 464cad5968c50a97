import Foundation

/// Where an HTTP request goes: an IPv4 address or `localhost`, a port, and a path (with any
/// query): an OpenTelemetry collector's receiver, a live server's control endpoint.
///
/// ```swift
/// let target = HTTPTarget(url: "http://127.0.0.1:4318", defaultPath: "/v1/traces")
/// target?.description  // "http://127.0.0.1:4318/v1/traces"
/// ```
package struct HTTPTarget: Sendable, Equatable, CustomStringConvertible {
  package var host: String
  package var port: UInt16
  package var path: String

  package init(host: String, port: UInt16, path: String) {
    self.host = host
    self.port = port
    self.path = path
  }

  /// Reads `http://HOST:PORT[/PATH]`; `nil` for another scheme, a host name (only IPv4
  /// addresses and `localhost`: no name is looked up) or a missing port. A URL without a
  /// path gets `defaultPath`.
  package init?(url text: String, defaultPath: String) {
    guard let url = URLComponents(string: text), url.scheme == "http", let host = url.host,
      host == "localhost" || Self.isIPv4(host), let port = url.port, let portNumber = UInt16(exactly: port),
      portNumber > 0
    else { return nil }
    self.host = host
    self.port = portNumber
    self.path = url.path.isEmpty || url.path == "/" ? defaultPath : url.path
    if let query = url.percentEncodedQuery { path += "?" + query }
  }

  /// Whether the host is this machine (loopback).
  package var isLoopback: Bool { host == "localhost" || host.hasPrefix("127.") }

  /// `http://HOST:PORT/PATH`.
  package var description: String { "http://\(host):\(port)\(path)" }

  private static func isIPv4(_ host: String) -> Bool {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
  }
}

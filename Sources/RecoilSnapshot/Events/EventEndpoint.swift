/// Where a live event stream goes (for an app) or comes from (for `recoil-inspect live`).
///
/// Written as `-` (standard output or input), `tcp:HOST:PORT` (loopback TCP),
/// `unix:PATH` (a Unix-domain socket), `otlp+http://HOST:PORT[/PATH]` (an OpenTelemetry
/// collector's OTLP/HTTP receiver, which gets the causal timeline as traces; an app's
/// destination only), or a file path.
///
/// ```swift
/// let endpoint = try EventEndpoint(parsing: "tcp:127.0.0.1:9999")
/// ```
public enum EventEndpoint: Sendable, Equatable, CustomStringConvertible {
  /// Standard output (or input, for a reader).
  case standardStream
  /// A JSON Lines file, appended to.
  case file(path: String)
  /// A TCP connection; the inspector only connects to loopback addresses.
  case tcp(host: String, port: UInt16)
  /// A Unix-domain stream socket.
  case unix(path: String)
  /// An OpenTelemetry collector's OTLP/HTTP receiver (JSON, `POST` to `path`, by default
  /// `/v1/traces`): the app's causal timeline goes there as traces, in batches (see
  /// `InspectorConfiguration.openTelemetry`). The host is an IPv4 address or `localhost`.
  case otlp(host: String, port: UInt16, path: String)

  /// Parses the textual form.
  ///
  /// ```swift
  /// try EventEndpoint(parsing: "unix:/tmp/recoil.sock")  // .unix(path: "/tmp/recoil.sock")
  /// ```
  ///
  /// - Parameters:
  ///   - text: The endpoint as written on a command line.
  ///   - listening: Whether it is where a listener listens, which may take port 0 (the system
  ///     picks a free one); an app connects to a port from 1.
  /// - Throws: ``EventEndpointError`` for an empty or malformed endpoint.
  public init(parsing text: String, listening: Bool = false) throws(EventEndpointError) {
    if text == "-" {
      self = .standardStream
    } else if text.hasPrefix("tcp:") {
      let rest = text.dropFirst(4)
      let lowest: UInt16 = listening ? 0 : 1
      guard let colon = rest.lastIndex(of: ":"), let port = UInt16(rest[rest.index(after: colon)...]), port >= lowest
      else {
        throw EventEndpointError(text: text, reason: "expected tcp:HOST:PORT with a port from \(lowest) to 65535")
      }
      let host = String(rest[..<colon])
      guard !host.isEmpty else { throw EventEndpointError(text: text, reason: "the host is empty") }
      self = .tcp(host: host, port: port)
    } else if text.hasPrefix("otlp+") {
      guard !listening else {
        throw EventEndpointError(
          text: text, reason: "an OpenTelemetry collector is where an app sends its traces; listen on tcp: or unix:")
      }
      guard let target = HTTPTarget(url: String(text.dropFirst(5)), defaultPath: "/v1/traces") else {
        throw EventEndpointError(
          text: text,
          reason:
            "expected otlp+http://HOST:PORT[/PATH] with an IPv4 address or localhost, such as otlp+http://127.0.0.1:4318"
        )
      }
      self = .otlp(host: target.host, port: target.port, path: target.path)
    } else if text.hasPrefix("unix:") {
      let path = String(text.dropFirst(5))
      guard !path.isEmpty else { throw EventEndpointError(text: text, reason: "the socket path is empty") }
      self = .unix(path: path)
    } else {
      guard !text.isEmpty else { throw EventEndpointError(text: text, reason: "the endpoint is empty") }
      self = .file(path: text)
    }
  }

  /// The textual form.
  public var description: String {
    switch self {
    case .standardStream: "-"
    case .file(let path): path
    case .tcp(let host, let port): "tcp:\(host):\(port)"
    case .unix(let path): "unix:\(path)"
    case .otlp(let host, let port, let path): "otlp+http://\(host):\(port)\(path)"
    }
  }
}

/// An endpoint that could not be parsed.
///
/// ```swift
/// catch let error as EventEndpointError { print(error) }  // tcp:host: expected tcp:HOST:PORT …
/// ```
public struct EventEndpointError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text as given.
  public var text: String
  /// What is wrong with it.
  public var reason: String
  /// `text: reason`.
  public var description: String { "\(text): \(reason)" }
}

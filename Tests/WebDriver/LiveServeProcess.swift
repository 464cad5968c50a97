// POSIX sockets for tests of `live --serve`, confined to this file.
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `recoil-inspect live --serve` process for tests: started on free ports, with the page's
/// address, token and the apps' port read from what it prints; plus raw HTTP requests (any
/// head, any Host) and app connections that write JSON Lines.
///
/// ```swift
/// let live = try LiveServeProcess(executable: products.appending(path: "recoil-inspect"))
/// defer { live.stop() }
/// let app = try LiveServeProcess.Connection(port: live.appPort)
/// try app.send("{\"type\":\"hello\",…}\n")
/// ```
public final class LiveServeProcess {
  public let process: Process
  /// The page's address, token included.
  public let pageURL: String
  public let httpPort: UInt16
  public let token: String
  /// Where apps connect (`tcp:127.0.0.1:appPort`); 0 when it reads a file.
  public let appPort: UInt16

  /// Starts `live --serve` on free ports, listening for apps, or reading `source` (a file).
  public convenience init(
    executable: URL, source: [String] = ["--listen", "tcp:127.0.0.1:0"], arguments: [String] = []
  ) throws {
    try self.init(
      executable: executable, command: ["live", "--serve", "127.0.0.1:0"] + source + arguments,
      readyWhen: "apps connect to")
  }

  /// Starts `report SNAPSHOT --serve` on a free port.
  public convenience init(executable: URL, servingReportOf snapshot: URL, arguments: [String] = []) throws {
    try self.init(
      executable: executable, command: ["report", snapshot.path, "--serve", "127.0.0.1:0"] + arguments,
      readyWhen: "Ctrl-C stops")
  }

  /// Starts `command`, and reads what it prints until a line holds `marker`.
  private init(executable: URL, command: [String], readyWhen marker: String) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = command
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = "1"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var text = ""
    let deadline = Date().addingTimeInterval(20)
    while !(text.contains(marker) && text.hasSuffix("\n")) && Date() < deadline {
      let more = output.fileHandleForReading.availableData
      if more.isEmpty { break }
      text += String(decoding: more, as: UTF8.self)
    }
    func match(_ pattern: String) -> String? {
      guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
      return String(text[range])
    }
    let appPort = match("tcp:127\\.0\\.0\\.1:[0-9]+").flatMap { UInt16($0.split(separator: ":")[2]) } ?? 0
    guard let url = match("http://127\\.0\\.0\\.1:[0-9]+/\\?token=[0-9a-f]+"),
      let httpPort = UInt16(url.split(separator: ":")[2].split(separator: "/")[0])
    else {
      process.terminate()
      throw Failure(message: "\(command.joined(separator: " ")) printed no address: \(text)")
    }
    pageURL = url
    self.httpPort = httpPort
    token = String(url.split(separator: "=").last ?? "")
    self.appPort = appPort
    // Keep reading what it prints, so that it never blocks on a full pipe.
    output.fileHandleForReading.readabilityHandler = { handle in _ = handle.availableData }
  }

  public func stop() {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  public struct Failure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
  }

  /// Sends `head` (a whole request, `\r\n` line ends) to `port` and reads the answer until the
  /// server closes: its status and body.
  public static func exchange(port: UInt16, _ head: String) throws -> (status: Int, body: String) {
    let connection = try Connection(port: port)
    defer { connection.close() }
    try connection.send(head)
    let answer = connection.readToEnd()
    guard let line = answer.split(separator: "\r\n").first, line.hasPrefix("HTTP/1.1 "),
      let status = Int(line.dropFirst(9).prefix(3))
    else { throw Failure(message: "no HTTP answer: \(answer.prefix(200))") }
    let body = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
    return (status, body)
  }

  /// A TCP connection to 127.0.0.1.
  public final class Connection: Sendable {
    let descriptor: Int32

    public init(port: UInt16) throws {
      descriptor = socket(AF_INET, Self.stream, 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else { throw Failure(message: "cannot connect to port \(port)") }
    }

    public func send(_ text: String) throws {
      let bytes = Array(text.utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written > 0 else { throw Failure(message: "write failed") }
        offset += written
      }
    }

    /// Everything until the other side closes (or 10 s pass).
    public func readToEnd() -> String {
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        received += buffer[0..<count]
      }
      return String(decoding: received, as: UTF8.self)
    }

    public func close() {
      #if canImport(Glibc)
        _ = Glibc.close(descriptor)
      #else
        _ = Darwin.close(descriptor)
      #endif
    }

    #if canImport(Glibc)
      static let stream = Int32(SOCK_STREAM.rawValue)
    #else
      static let stream = SOCK_STREAM
    #endif
  }
}

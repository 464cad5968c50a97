import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A minimal HTTP/1.1 client for a server on the loopback interface: one request per
/// connection, the body read by its `Content-Length`.
///
/// chromedriver writes its headers without a space after the colon (`Content-Length:251`),
/// which corelibs Foundation's `URLSession` rejects ("Failed writing header"), so the WebDriver
/// client speaks HTTP itself; on loopback, to a known server, that is a small job.
///
/// ```swift
/// let (status, body) = try LocalHTTP.exchange("GET", port: 9515, path: "/status", body: nil)
/// ```
enum LocalHTTP {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func exchange(_ method: String, port: Int, path: String, body: Data?) throws -> (status: Int, body: Data) {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    defer { close(descriptor) }

    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Failure(description: "connect to port \(port): errno \(errno)") }

    var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    if let body {
      request += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n"
    }
    request += "\r\n"
    var bytes = Data(request.utf8)
    if let body { bytes.append(body) }
    try sendAll(bytes, to: descriptor)
    return try readResponse(from: descriptor)
  }

  private static func sendAll(_ data: Data, to descriptor: Int32) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      var offset = 0
      while offset < buffer.count {
        let sent = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, 0)
        if sent < 0 {
          if errno == EINTR { continue }
          throw Failure(description: "send: errno \(errno)")
        }
        offset += sent
      }
    }
  }

  private static func readResponse(from descriptor: Int32) throws -> (status: Int, body: Data) {
    var received = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var headerEnd: Int?
    var contentLength: Int?
    var status = 0
    while true {
      if let headerEnd, let contentLength, received.count - headerEnd >= contentLength { break }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(description: "recv: errno \(errno)")
      }
      if count == 0 { break }
      received.append(contentsOf: chunk[0..<count])
      if headerEnd == nil, let end = received.range(of: Data("\r\n\r\n".utf8)) {
        headerEnd = end.upperBound
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        for line in lines.dropFirst() {
          guard let colon = line.firstIndex(of: ":") else { continue }
          if line[..<colon].lowercased() == "content-length" {
            contentLength = Int(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
          }
        }
      }
    }
    guard let headerEnd else { throw Failure(description: "no HTTP response") }
    return (status, Data(received[headerEnd...]))
  }
}

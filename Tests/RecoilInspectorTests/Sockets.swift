import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamType = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
  import Darwin
  private let streamType = SOCK_STREAM
#endif

/// A loopback port nobody listens on right now.
func freePort() throws -> UInt16 {
  let descriptor = socket(AF_INET, streamType, 0)
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = 0
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
      bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
    }
  }
  guard bound else { throw POSIXError(.EADDRINUSE) }
  return UInt16(bigEndian: address.sin_port)
}

/// Whether something accepts TCP connections on a loopback port.
func canConnect(port: UInt16) -> Bool {
  let descriptor = socket(AF_INET, streamType, 0)
  defer { close(descriptor) }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
    }
  }
}

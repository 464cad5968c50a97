import Foundation

/// Standard output, written in blocks of 64 KiB rather than one system call per line: `live`
/// and `trace` print a line per event, a million of them for a long recording.
///
/// ``flush()`` writes what is held; `live` calls it whenever it is about to wait for input, so
/// a following reader never lags behind the app.
final class BufferedOutput {
  private let handle: FileHandle
  private var pending: [UInt8] = []
  private let blockSize = 65_536

  init(_ handle: FileHandle) {
    self.handle = handle
    pending.reserveCapacity(blockSize * 2)
  }

  deinit { flush() }

  func write(_ text: String) {
    pending.append(contentsOf: text.utf8)
    if pending.count >= blockSize { flush() }
  }

  func write(bytes: [UInt8]) {
    pending.append(contentsOf: bytes)
    if pending.count >= blockSize { flush() }
  }

  /// Writes a whole output (a rendered picture) straight through, after what is held.
  func write(_ data: Data) {
    flush()
    handle.write(data)
  }

  func flush() {
    guard !pending.isEmpty else { return }
    handle.write(Data(pending))
    pending.removeAll(keepingCapacity: true)
  }
}

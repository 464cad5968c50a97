import Foundation

/// Standard output, written in blocks of 64 KiB rather than one system call per line: `live`
/// and `trace` print a line per event, a million of them for a long recording.
///
/// ``flush()`` writes what is held; `live` calls it whenever it is about to wait for input, so
/// a following reader never lags behind the app. A failed write is handed to `failed` with
/// its error number, once; what follows is dropped (the process is about to end).
///
/// ```swift
/// let output = BufferedOutput(descriptor: 1) { number in exit(74) }
/// output.write("hello\n")
/// output.flush()
/// ```
final class BufferedOutput {
  private let descriptor: Int32
  private let failed: (Int32) -> Void
  private var hasFailed = false
  private var pending: [UInt8] = []
  private let blockSize = 65_536

  init(descriptor: Int32, failed: @escaping (Int32) -> Void) {
    self.descriptor = descriptor
    self.failed = failed
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
  func write(data: Data) {
    flush()
    send(data)
  }

  func flush() {
    guard !pending.isEmpty else { return }
    send(pending)
    pending.removeAll(keepingCapacity: true)
  }

  private func send(_ bytes: some ContiguousBytes) {
    guard !hasFailed else { return }
    if let number = Descriptor.writeAll(bytes, to: descriptor) {
      hasFailed = true
      failed(number)
    }
  }
}

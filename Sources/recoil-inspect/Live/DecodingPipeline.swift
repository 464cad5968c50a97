import Foundation
import RecoilConcurrency
import RecoilSnapshot

/// Reads and decodes a stream's lines on a thread of its own while the caller prints the
/// events already decoded: `live` spends about half its time decoding JSON and half putting
/// events in order and writing them, so on two processors the two halves overlap.
///
/// The reading thread hands over batches of ``Item``s, in the order the lines came, through a
/// queue of a few batches (so memory stays bounded whatever the stream's length); the caller
/// sees the events, the warnings about bad lines, the stream's pauses and its connections'
/// ends in that same order, as if it had read them itself.
///
/// ```swift
/// let pipeline = DecodingPipeline(source: source, maximumLineBytes: 1 << 24, keepsLines: raw)
/// try pipeline.run { item in
///   if case .event(let event, _, _) = item { print(event) }
/// }
/// ```
final class DecodingPipeline: Sendable {
  /// What the reading thread found, in order.
  enum Item: Sendable {
    /// An event, where it came from, and (when asked for) the line it was read from, with its
    /// newline, unless a token was taken out of it.
    case event(InspectorEvent, origin: EventSource.Origin, line: [UInt8]?)
    /// A line that could not be read, said as a warning.
    case warning(String)
    /// The stream is waiting for more: what is held back may be shown.
    case waiting
    /// A connection (or the file, or standard input) ended.
    case closed(EventSource.Origin)
  }

  /// Items handed over at a time: enough that the handing over costs nothing per event.
  static let batchSize = 512
  /// Batches waiting at most: the reading thread waits beyond that.
  static let batchesAhead = 4

  private let source: UncheckedSource
  private let maximumLineBytes: Int
  private let keepsLines: Bool
  /// The size of a file replayed, to say how far on the progress line; `nil` for a stream.
  private let totalBytes: Int?
  private let queue = BatchQueue<Item>(capacity: batchesAhead)

  /// - Parameters:
  ///   - source: The stream; from now on only the reading thread uses it.
  ///   - maximumLineBytes: Longer lines are skipped, and said so.
  ///   - keepsLines: Whether each event comes with the line it was read from.
  ///   - totalBytes: The size of a file replayed, to say how far on the progress line.
  init(source: EventSource, maximumLineBytes: Int, keepsLines: Bool, totalBytes: Int? = nil) {
    self.source = UncheckedSource(source)
    self.maximumLineBytes = maximumLineBytes
    self.keepsLines = keepsLines
    self.totalBytes = totalBytes
  }

  /// Reads the whole stream on a second thread and calls `handle` with every item, on this
  /// one, until the stream ends.
  ///
  /// - Throws: What reading the stream threw (a missing file, say), once every item read
  ///   before it was handled.
  func run(_ handle: (Item) -> Void) throws(CommandFailure) {
    let failure = LockedValue<CommandFailure?>(nil)
    let reader = Thread { [self] in
      do throws(CommandFailure) {
        try read()
      } catch {
        failure.withLock { $0 = error }
      }
      queue.finish()
    }
    reader.start()
    while let batch = queue.next() {
      for item in batch { handle(item) }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// The reading thread: every line decoded, sent on in batches.
  private func read() throws(CommandFailure) {
    var batch: [Item] = []
    batch.reserveCapacity(Self.batchSize)
    func send(_ item: Item, now: Bool = false) {
      batch.append(item)
      if now || batch.count >= Self.batchSize {
        queue.send(batch)
        batch.removeAll(keepingCapacity: true)
      }
    }
    let maximumLineBytes = self.maximumLineBytes
    let keepsLines = self.keepsLines
    let totalBytes = self.totalBytes
    var bytesRead = 0
    try source.source.run(
      { origin, lineNumber, line in
        if let totalBytes {
          if case .text(let bytes) = line { bytesRead += bytes.count + 1 }
          if lineNumber % 8_192 == 0 {
            ProgressLine.shared.update("replaying", done: bytesRead, total: totalBytes, unit: .bytes)
          }
        }
        var warning: String?
        guard
          let (event, hadToken) = LiveCommand.event(
            in: line, from: origin, lineNumber: lineNumber, maximumLineBytes: maximumLineBytes,
            report: { warning = $0 })
        else {
          if let warning { send(.warning(warning)) }
          return
        }
        var kept: [UInt8]?
        if keepsLines, !hadToken, case .text(let bytes) = line {
          var line = [UInt8]()
          line.reserveCapacity(bytes.count + 1)
          line.append(contentsOf: bytes)
          line.append(0x0A)
          kept = line
        }
        send(.event(event, origin: origin, line: kept))
      },
      waiting: { send(.waiting, now: true) },
      warning: { send(.warning($0)) },
      closed: { send(.closed($0), now: true) })
    if !batch.isEmpty { queue.send(batch) }
  }
}

/// The stream, handed to the reading thread.
// @unchecked Sendable: the pipeline's caller gives the source up when it makes the pipeline;
// from then on only the reading thread uses it.
private struct UncheckedSource: @unchecked Sendable {
  let source: EventSource
  init(_ source: EventSource) { self.source = source }
}

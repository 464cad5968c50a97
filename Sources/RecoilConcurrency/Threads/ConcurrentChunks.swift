import Dispatch
import Foundation

/// Work over `0..<count` split into consecutive chunks that run on every core at once, for
/// the large one-off passes of a snapshot: describing recorded actions, making their records
/// and their timeline events. Each chunk is a range; work that keeps state (a cache, say)
/// makes it per chunk, so the chunks share nothing.
///
/// A pass of fewer than `2 * minimumChunk` items runs as one chunk on the calling thread.
///
/// ```swift
/// let squares = [Int](unsafeUninitializedCapacity: 10_000) { slots, count in
///   // Each chunk initializes only its own slots.
///   ConcurrentChunks.forEach(count: 10_000) { range in
///     for index in range { (slots.baseAddress! + index).initialize(to: index * index) }
///   }
///   count = 10_000
/// }
/// ```
package enum ConcurrentChunks {
  /// Calls `body` once for each chunk of `0..<count`, the chunks together covering it exactly,
  /// and returns when all have run.
  ///
  /// - Parameters:
  ///   - minimumChunk: The fewest items a chunk is given: below that, a chunk's start-up
  ///     (its own caches) outweighs what it shares out.
  ///   - body: Called with each chunk's range, on any thread, several at the same time.
  package static func forEach(count: Int, minimumChunk: Int = 256, _ body: (Range<Int>) -> Void) {
    guard count > 0 else { return }
    // Four chunks per core, so that a core whose chunks run slow is helped by the others.
    let chunks = max(min(count / max(minimumChunk, 1), 4 * ProcessInfo.processInfo.activeProcessorCount), 1)
    guard chunks > 1 else { return body(0..<count) }
    let size = (count + chunks - 1) / chunks
    withoutActuallyEscaping(body) { body in
      nonisolated(unsafe) let body = body  // called concurrently: the caller's chunks share nothing
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let range = min(chunk * size, count)..<min((chunk + 1) * size, count)
        if !range.isEmpty { body(range) }
      }
    }
  }
}

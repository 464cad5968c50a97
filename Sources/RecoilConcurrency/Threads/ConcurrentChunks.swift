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
/// let total = LockedValue(0)
/// ConcurrentChunks.forEach(count: 10_000) { range in
///   let sum = range.reduce(0, +)  // each chunk works on its own range
///   total.withLock { $0 += sum }
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

extension ConcurrentChunks {
  /// The slots of an array being made or refilled by chunks on every core: each slot is
  /// written by the one chunk that owns it, so no two threads touch the same element.
  ///
  /// The unsafe part of a parallel fill lives here, not at each caller: ``makeArray(count:_:)``
  /// hands out uninitialized slots, each of which the caller must initialize exactly once;
  /// ``refill(_:_:)`` hands out initialized ones, which may be replaced.
  ///
  /// ```swift
  /// let squares = ConcurrentChunks.makeArray(count: 1_000) { (slots: ConcurrentChunks.Slots<Int>) in
  ///   ConcurrentChunks.forEach(count: 1_000) { range in
  ///     for index in range { slots.initialize(index, to: index * index) }
  ///   }
  /// }
  /// ```
  package struct Slots<Element>: @unchecked Sendable {
    // @unchecked Sendable: the chunks write disjoint slots, and the array is handed back only
    // after every chunk has returned.
    private let base: UnsafeMutablePointer<Element>
    private let count: Int

    fileprivate init(_ base: UnsafeMutablePointer<Element>, count: Int) {
      self.base = base
      self.count = count
    }

    /// Initializes the uninitialized slot at `index` (from ``ConcurrentChunks/makeArray(count:_:)``).
    package func initialize(_ index: Int, to element: consuming Element) {
      precondition(index >= 0 && index < count, "ConcurrentChunks.Slots: index out of range")
      (base + index).initialize(to: element)
    }

    /// Replaces the element at `index` (from ``ConcurrentChunks/refill(_:_:)``).
    package func replace(_ index: Int, with element: consuming Element) {
      precondition(index >= 0 && index < count, "ConcurrentChunks.Slots: index out of range")
      base[index] = element
    }
  }

  /// An array of `count` elements, each initialized exactly once by `fill` through
  /// ``Slots/initialize(_:to:)``: made in place, with no placeholder written first.
  package static func makeArray<Element>(count: Int, _ fill: (Slots<Element>) -> Void) -> [Element] {
    // None: an array made uninitialized with no room writes to the shared empty storage,
    // which the thread sanitizer reports when two threads do it at once.
    guard count > 0 else { return [] }
    return [Element](unsafeUninitializedCapacity: count) { buffer, made in
      fill(Slots(buffer.baseAddress!, count: count))
      made = count
    }
  }

  /// Lets `fill` replace elements of `array` through ``Slots/replace(_:with:)``, from every
  /// core, in place.
  package static func refill<Element>(_ array: inout [Element], _ fill: (Slots<Element>) -> Void) {
    array.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      fill(Slots(base, count: buffer.count))
    }
  }
}

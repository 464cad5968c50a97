import Testing

@testable import RecoilConcurrency

@Suite struct ConcurrentChunksTests {
  /// Every index is given to exactly one chunk, in ranges that do not overlap, whatever the
  /// count: a chunk missing or doubling an index would leave a slot uninitialized or
  /// initialize it twice.
  @Test(arguments: [0, 1, 255, 511, 512, 513, 1_000, 10_007])
  func theChunksCoverEveryIndexOnce(count: Int) {
    let visits = LockedValue([Int](repeating: 0, count: count))
    let ranges = LockedValue<[Range<Int>]>([])
    ConcurrentChunks.forEach(count: count) { range in
      ranges.withLock { $0.append(range) }
      visits.withLock { visits in for index in range { visits[index] += 1 } }
    }
    #expect(visits.withLock { $0.allSatisfy { $0 == 1 } })
    let sorted = ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
    #expect(sorted.allSatisfy { !$0.isEmpty })
    #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    #expect(sorted.first?.lowerBound ?? 0 == 0 && sorted.last?.upperBound ?? 0 == count)
  }

  @Test func aSmallPassIsOneChunkOnTheCallingThread() {
    let caller = CurrentThread.id
    let seen = LockedValue<[(Range<Int>, UInt)]>([])
    ConcurrentChunks.forEach(count: 300, minimumChunk: 256) { range in
      seen.withLock { $0.append((range, CurrentThread.id)) }
    }
    let calls = seen.withLock { $0 }
    #expect(calls.count == 1 && calls[0].0 == 0..<300 && calls[0].1 == caller)
  }

  @Test func aLargePassIsSplitIntoSeveralChunks() {
    let count = LockedValue(0)
    ConcurrentChunks.forEach(count: 100_000, minimumChunk: 256) { _ in count.withLock { $0 += 1 } }
    #expect(count.withLock { $0 } > 1)
  }
}

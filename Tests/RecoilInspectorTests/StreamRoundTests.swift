import Foundation
import RecoilConcurrency
import RecoilSnapshot
import Testing

@testable import RecoilInspector

/// The live stream's writer works in rounds; each reads at most a bounded number of a store's
/// actions (made into records under the store's lock, where the app waits), the last one up
/// to the stream's capacity, and what a round leaves unread is counted as dropped (a flood
/// end to end: `LiveStreamTests.aFloodOfActionsIsWrittenOrCountedAsDroppedNeverLost`).
@Suite struct StreamRoundTests {
  @Test func aRoundReadsABoundedNumberOfEachStoresActionsAndTheLastOneUpToTheCapacity() throws {
    let url = FileManager.default.temporaryDirectory.appending(path: "rounds-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    let limits = LockedValue<[Int]>([])
    let backlogLimits = LockedValue<[Int]>([])
    let source = EventStream.ActionSource(
      read: { limit in
        limits.withLock { $0.append(limit) }
        return ([], 0)
      },
      backlog: { limit in
        backlogLimits.withLock { $0.append(limit) }
        return 7
      })
    let stream = try EventStream(
      endpoint: .file(path: url.path), capacity: 10_000, startNanos: 0,
      hello: AppHello(app: "rounds", processID: 1, instance: "i", version: "0"), timeline: LiveTimeline(),
      actions: source)
    // Rounds come every reading interval; wait for a few before the last.
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while limits.withLock({ $0.count }) < 3 && ContinuousClock.now < deadline { usleep(5_000) }
    #expect(stream.droppedCount == 7)
    stream.close()
    let asked = limits.withLock { $0 }
    #expect(asked.count >= 3)
    #expect(asked.dropLast().allSatisfy { $0 == EventStream.actionsPerRound })
    #expect(asked.last == 10_000)
    // What the next round would leave unread is what the count of dropped events includes.
    #expect(backlogLimits.withLock { $0 } == [EventStream.actionsPerRound])
  }
}

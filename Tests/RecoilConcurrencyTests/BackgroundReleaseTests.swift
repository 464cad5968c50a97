import Dispatch
import Testing

@testable import RecoilConcurrency

@Suite struct BackgroundReleaseTests {
  /// Notes the thread that frees it, once.
  final class Tracked: Sendable {
    let freedOn: LockedValue<[UInt]>
    let freed: DispatchSemaphore

    init(freedOn: LockedValue<[UInt]>, freed: DispatchSemaphore) {
      self.freedOn = freedOn
      self.freed = freed
    }

    deinit {
      freedOn.withLock { $0.append(CurrentThread.id) }
      freed.signal()
    }
  }

  @Test func aDroppedValueIsFreedOnceOnAnotherThread() {
    let freedOn = LockedValue<[UInt]>([])
    let freed = DispatchSemaphore(value: 0)
    // Only the array holds them: the caller keeps no reference.
    BackgroundRelease.drop((0..<3).map { _ in Tracked(freedOn: freedOn, freed: freed) })
    for _ in 0..<3 { #expect(freed.wait(timeout: .now() + 10) == .success) }
    let threads = freedOn.withLock { $0 }
    #expect(threads.count == 3)
    #expect(!threads.contains(CurrentThread.id))
  }
}

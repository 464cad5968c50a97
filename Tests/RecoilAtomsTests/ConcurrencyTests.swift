import Testing

@testable import RecoilAtoms

@Suite struct ConcurrencyTests {
  @Test func eightTasksOfTenThousandMixedSetsAndReadsGiveExactValues() async throws {
    let counters = (0..<8).map { Atom(0, key: "counter\($0)") }
    let shared = Atom(0, key: "shared")
    let total = Selector(key: "total") { get in try counters.reduce(0) { $0 + (try get($1)) } }
    let container = AtomContainer()
    let notifications = Counter()
    let subscription = container.subscribe(total) { _ in notifications.increment() }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for step in 1...10_000 {
            container.set(counters[task], step)
            container.update(shared) { $0 += 1 }
            if step % 10 == 0 {
              let value = try container.get(total)
              #expect(value >= step)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try container.get(total) == 80_000)
    #expect(try container.get(shared) == 80_000)
    #expect(notifications.count >= 10_000)
    subscription.cancel()
  }

  @Test func subscribersSeeChangesInOrderUnderConcurrency() async throws {
    let counter = Atom(0, key: "counter")
    let container = AtomContainer()
    let seen = Collected<Int>()
    let subscription = container.subscribe(counter) { seen.append($0.value ?? -1) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask { for _ in 0..<2_000 { container.update(counter) { $0 += 1 } } }
      }
    }
    #expect(seen.values == Array(1...8_000))
    subscription.cancel()
  }
}

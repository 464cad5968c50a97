import Foundation
import RecoilAtoms
import Synchronization
import Testing

/// Recoil's atom effects: initial values, onSet, setSelf and resetSelf later, reads, errors and
/// cleanups; and the persistence effect.
@Suite struct AtomEffectTests {
  /// Everything effects and observers saw, in order.
  final class Log: AtomGraphObserver, Sendable {
    let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
    func receive(_ event: AtomGraphEvent) {
      if case .effectFailed(let node, let effect, let error) = event { add("failed \(node) \(effect): \(error)") }
    }
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  @Test func anEffectGivesTheInitialValueAndHearsEveryChangeButItsOwn() async throws {
    let log = Log()
    let contexts = Mutex<[AtomEffectContext<Int>]>([])
    let seed = AtomEffect<Int>("seed") { context in
      context.setSelf(40)
      context.onSet { new, old, isReset in log.add("seed heard \(old) -> \(new)\(isReset ? " reset" : "")") }
      contexts.withLock { $0.append(context) }
      return { log.add("seed cleaned up") }
    }
    let watch = AtomEffect<Int>("watch") { context in
      context.onSet { new, old, _ in log.add("watch heard \(old) -> \(new)") }
      return nil
    }
    let counter = Atom(0, key: "counter", effects: [seed, watch])
    var container: AtomContainer? = AtomContainer()
    // The first read sees the effect's value, and nobody hears a change.
    #expect(try container?.get(counter) == 40)
    #expect(log.all.isEmpty)

    container?.set(counter, 41)
    let context = try #require(contexts.withLock { $0.first })
    context.setSelf(50)  // the effect's own write: only the other effect hears it
    container?.reset(counter)
    #expect(try container?.get(counter) == 0)
    #expect(
      log.all == [
        "seed heard 40 -> 41", "watch heard 40 -> 41", "watch heard 41 -> 50", "seed heard 50 -> 0 reset",
        "watch heard 50 -> 0",
      ])
    container = nil
    #expect(log.all.last == "seed cleaned up")
    // A context outlives its container without harm.
    context.setSelf(1)
    await #expect(throws: AtomError.containerReleased) { try await context.value(counter) }
  }

  @Test func effectsRunPerContainerAndCleanUpWhenAFamilyMemberIsReleased() throws {
    let log = Log()
    let draft = AtomFamily(
      effects: { (id: Int) in
        [
          AtomEffect<String>("draft \(id)") { context in
            log.add("started \(id)")
            return { log.add("cleaned up \(id)") }
          }
        ]
      },
      default: { _ in "" })
    let first = AtomContainer()
    let second = AtomContainer()
    _ = try first.get(draft(1))
    _ = try first.get(draft(1))
    _ = try second.get(draft(1))
    _ = try first.get(draft(2))
    #expect(log.all == ["started 1", "started 1", "started 2"])
    #expect(first.releaseUnusedMembers(of: draft.name) == 2)
    #expect(log.all.suffix(2).sorted() == ["cleaned up 1", "cleaned up 2"])
  }

  /// An effect still running when its atom is released (a socket's last message, say) writes
  /// and reports nothing after: the member is not brought back, and its effects do not start
  /// again. Used anew by the app, the member starts afresh.
  @Test func anEffectOfAReleasedMemberNoLongerWritesOrReportsIt() throws {
    let log = Log()
    let kept = Mutex<AtomEffectContext<Int>?>(nil)
    let member = AtomFamily(
      effects: { (id: Int) in
        [
          AtomEffect<Int>("socket \(id)") { context in
            log.add("started \(id)")
            kept.withLock { $0 = context }
            return { log.add("cleaned up \(id)") }
          }
        ]
      },
      default: { (id: Int) in id })
    let container = AtomContainer()
    container.addObserver(log)
    #expect(try container.get(member(1)) == 1)
    #expect(container.releaseUnusedMembers(of: member.name) == 1)
    let context = try #require(kept.withLock { $0 })
    context.setSelf(42)
    context.resetSelf()
    context.report(Offline())
    #expect(log.all == ["started 1", "cleaned up 1"])
    #expect(try container.get(member(1)) == 1)
    #expect(log.all == ["started 1", "cleaned up 1", "started 1"])
  }

  @Test func anEffectReadsOtherNodesLaterAndReportsFailuresToObservers() async throws {
    let log = Log()
    let fallback = Atom("dark", key: "fallback")
    let theme = Atom(
      "light", key: "theme",
      effects: [
        AtomEffect("follow fallback") { context in
          context.report(Offline())  // while starting
          Task {
            context.setSelf(try await context.value(fallback))
            context.report(Offline())  // later
          }
          return nil
        }
      ])
    let container = AtomContainer()
    container.addObserver(log)
    #expect(try container.get(theme) == "light")
    try await container.waitUntil { try $0.get(theme) == "dark" }
    #expect(log.all.filter { $0.hasPrefix("failed") }.count == 2)
    #expect(log.all.first == "failed theme follow fallback: offline")
  }
}

extension AtomContainer {
  /// Polls until `condition` holds, for effects that finish on their own tasks.
  func waitUntil(_ condition: (AtomContainer) throws -> Bool) async throws {
    for _ in 0..<500 {
      if try condition(self) { return }
      try await Task.sleep(for: .milliseconds(2))
    }
    Issue.record("the condition never held")
  }
}

import RecoilConcurrency
import Synchronization
import Testing

@testable import RecoilAtoms

/// Atom effects and families as Recoil's own test suite states them (facebookexperimental/Recoil,
/// `packages/recoil/recoil_values/__tests__/Recoil_atom-test.js`,
/// `Recoil_atomFamily-test.js` and `Recoil_selectorFamily-test.js`).
@Suite struct RecoilEffectsAndFamiliesConformanceTests {
  /// Recoil_atom-test.js, "Effects" / "initialize with error": an effect that throws when it
  /// starts is reported, and the atom keeps working (with what the effect set before it threw).
  @Test func anEffectThatThrowsWhenItStartsIsReportedAndTheAtomWorks() throws {
    let failures = Collected<AtomEffectFailure>()
    let container = AtomContainer(onEffectFailure: { failures.append($0) })
    let observer = RecordingObserver()
    _ = container.addObserver(observer)
    let atom = Atom(
      0, key: "effect throws",
      effects: [
        AtomEffect("load") { context in
          context.setSelf(5)
          throw TestError(message: "storage offline")
        }
      ])
    #expect(try container.get(atom) == 5)
    container.set(atom, 6)
    #expect(try container.get(atom) == 6)
    #expect(failures.values.map(\.phase) == [.start])
    #expect(failures.values.first?.effect == "load")
    #expect(failures.values.first?.node.description == "effect throws")
    #expect((failures.values.first?.error as? TestError)?.message == "storage offline")
    #expect(
      observer.events.values.contains {
        if case .effectFailed(let node, "load", _) = $0 { return node.description == "effect throws" }
        return false
      })
  }

  /// Recoil_atom-test.js, "Effects" / "onSet": a handler that throws is reported; the change
  /// stands, and the handler hears the next one.
  @Test func anOnSetHandlerThatThrowsIsReportedAndHearsTheNextChange() throws {
    let failures = Collected<AtomEffectFailure>()
    let container = AtomContainer(onEffectFailure: { failures.append($0) })
    let heard = Collected<Int>()
    let atom = Atom(
      0, key: "onSet throws",
      effects: [
        AtomEffect("sync") { context in
          context.onSet { new, _, _ in
            heard.append(new)
            if new == 1 { throw TestError(message: "server refused 1") }
          }
          return nil
        }
      ])
    _ = try container.get(atom)
    container.set(atom, 1)
    container.set(atom, 2)
    #expect(try container.get(atom) == 2)
    #expect(heard.values == [1, 2])
    #expect(failures.values.map(\.phase) == [.onSet])
  }

  /// The inspector's timeline gets the failure as the effect's `failed` phase.
  @Test func aRecordingHasTheFailedPhase() throws {
    let container = AtomContainer()
    container.startRecordingEvaluations()
    let atom = Atom(
      0, key: "recorded",
      effects: [AtomEffect("broken") { _ in throw TestError(message: "nope") }])
    _ = try container.get(atom)
    let phases = container.recordedEvaluations().occurrences.compactMap { occurrence -> String? in
      if case .effect("broken", let phase, _) = occurrence.kind { return phase }
      return nil
    }
    #expect(phases == ["started", "failed"])
  }

  /// Recoil_atomFamily-test.js, "Works with async default": each member loads its default for
  /// its parameter, and can be set.
  @Test func anAsyncAtomFamilyLoadsEachMembersDefault() async throws {
    let container = AtomContainer()
    let loads = Collected<Int>()
    let product = AsyncAtomFamily(key: "Catalog.product") { (id: Int) -> String in
      loads.append(id)
      return "product \(id)"
    }
    #expect(try await container.value(product(1)) == "product 1")
    #expect(try await container.value(product(2)) == "product 2")
    #expect(try await container.value(product(1)) == "product 1")
    #expect(loads.values.sorted() == [1, 2])
    try container.set(product(2), "edited")
    #expect(try container.get(product(2)) == "edited")
    #expect(product(1).family == "Catalog.product")
  }

  /// Recoil_selectorFamily-test.js, "selectorFamily - value caching": members are told apart
  /// by the value of their parameter, each keeps its value between reads (read without a
  /// subscriber too), and each runs once more after its input changes.
  @Test func eachMemberKeepsItsValueBetweenReadsAndRunsOncePerChange() throws {
    struct Scale: Hashable, Sendable { var multiplier: Int }
    let container = AtomContainer()
    let base = Atom(1, key: "base")
    let runs = Counter()
    let scaled = SelectorFamily(key: "scaled") { (scale: Scale, get: Getter) in
      runs.increment()
      return try get(base) * scale.multiplier
    }
    for multiplier in [10, 10, 100, 100, 10] {
      #expect(try container.get(scaled(Scale(multiplier: multiplier))) == multiplier)
    }
    #expect(runs.count == 2)
    container.set(base, 2)
    for multiplier in [10, 10, 100, 100] {
      #expect(try container.get(scaled(Scale(multiplier: multiplier))) == 2 * multiplier)
    }
    #expect(runs.count == 4)
  }

  /// Recoil_selectorFamily-test.js, "cachePolicy - lru": only the most recently used unused
  /// members stay; one left out is computed again when read.
  @Test func anLRUFamilyKeepsTheMostRecentlyUsedMembers() throws {
    let container = AtomContainer()
    let runs = Collected<Int>()
    let square = SelectorFamily(key: "square", cachePolicy: .lru(2)) { (n: Int, _: Getter) -> Int in
      runs.append(n)
      return n * n
    }
    for n in [1, 2, 3] { _ = try container.get(square(n)) }
    // 1 was the least recently used: it went when 3 came.
    #expect(container.nodeCount == 2)
    _ = try container.get(square(2))
    _ = try container.get(square(1))  // computed again; 3 goes (2 was read just before)
    #expect(runs.values == [1, 2, 3, 1])
    _ = try container.get(square(2))
    #expect(runs.values == [1, 2, 3, 1])
    _ = try container.get(square(3))
    #expect(runs.values == [1, 2, 3, 1, 3])
  }

  /// Recoil_selectorFamily-test.js, "cachePolicy - most-recent": one unused member stays; a
  /// member someone subscribes to or reads stays whatever the policy.
  @Test func aMostRecentFamilyKeepsOneUnusedMemberAndEveryUsedOne() throws {
    let container = AtomContainer()
    let runs = Counter()
    let label = SelectorFamily(key: "label", cachePolicy: .mostRecent) { (n: Int, _: Getter) -> String in
      runs.increment()
      return "#\(n)"
    }
    let subscription = container.subscribe(label(0)) { _ in }
    for n in 1...5 { _ = try container.get(label(n)) }
    #expect(container.nodeCount == 2)  // label(0), subscribed, and label(5)
    #expect(try container.get(label(0)) == "#0")
    #expect(runs.count == 6)
    subscription.cancel()
    _ = try container.get(label(6))
    #expect(container.nodeCount == 1)
  }

  /// `.keep`: members stay until released, even when their last subscriber goes (the default
  /// of a selector family lets such a member go).
  @Test func aKeepFamilyKeepsMembersUntilReleased() throws {
    let container = AtomContainer()
    let kept = SelectorFamily(key: "kept", cachePolicy: .keep) { (n: Int, _: Getter) -> Int in n }
    let dropped = SelectorFamily(key: "dropped") { (n: Int, _: Getter) -> Int in n }
    container.subscribe(kept(1)) { _ in }.cancel()
    container.subscribe(dropped(1)) { _ in }.cancel()
    #expect(container.nodeCount == 1)
    #expect(container.releaseUnusedMembers(of: kept.name) == 1)
  }

  /// Recoil_atom-test.js, "Effects" / "order of effects" and "reset during init": effects start
  /// in order, each seeing what the ones before it set, and a reset while starting gives back
  /// the default.
  @Test func effectsStartInOrderAndAResetWhileStartingGivesTheDefault() throws {
    let container = AtomContainer()
    let seen = Collected<String>()
    let ordered = Atom(
      "DEFAULT", key: "ordered",
      effects: [
        AtomEffect("first") { context in
          context.setSelf("EFFECT 1a")
          context.setSelf("EFFECT 1b")
          return nil
        },
        AtomEffect("second") { context in
          context.onSet { new, _, _ in seen.append(new) }
          context.setSelf("EFFECT 2")
          return nil
        },
      ])
    let reset = Atom(
      "DEFAULT", key: "reset",
      effects: [
        AtomEffect("sets") { context in
          context.setSelf("INIT")
          return nil
        },
        AtomEffect("resets") { context in
          context.resetSelf()
          return nil
        },
      ])
    #expect(try container.get(ordered) == "EFFECT 2")
    #expect(try container.get(reset) == "DEFAULT")
    #expect(seen.values.isEmpty)  // what effects set while starting is no change to hear
  }

  /// Recoil_atom-test.js, "Effects" / "init on set": an atom first used by a write starts its
  /// effects once, and the write wins over what they set; a reset later runs none again.
  @Test func anAtomFirstWrittenStartsItsEffectsOnceAndTheWriteWins() throws {
    let container = AtomContainer()
    let starts = Counter()
    let atom = Atom(
      "DEFAULT", key: "init on set",
      effects: [
        AtomEffect("init") { context in
          starts.increment()
          context.setSelf("INIT")
          return nil
        }
      ])
    container.set(atom, "SET")
    #expect(try container.get(atom) == "SET")
    #expect(starts.count == 1)
    container.reset(atom)
    #expect(try container.get(atom) == "DEFAULT")
    #expect(starts.count == 1)
  }

  /// Recoil_atom-test.js, "Effects" / "when setSelf is called in onSet, then onSet is not
  /// triggered again": an effect's own write is no change for its handler.
  @Test func anEffectsOwnWriteInItsHandlerDoesNotCallTheHandlerAgain() throws {
    let container = AtomContainer()
    let handled = Collected<String>()
    let atom = Atom(
      "DEFAULT", key: "transforms",
      effects: [
        AtomEffect("transform") { context in
          context.onSet { new, _, _ in
            handled.append(new)
            if new == "value#1" { context.setSelf("transformed after value#1") }
          }
          return nil
        }
      ])
    #expect(try container.get(atom) == "DEFAULT")
    container.set(atom, "value#1")
    #expect(try container.get(atom) == "transformed after value#1")
    #expect(handled.values == ["value#1"])
  }

  /// Recoil_atom-test.js, "Effects" / "Patch value using setSelf() in onSet() handler": two
  /// effects patch what the app sets; each hears the app's write (and the other's, not its
  /// own), and the last patch to be written stands.
  @Test func twoEffectsPatchingTheAppsWriteLeaveTheLastPatch() throws {
    struct Patched: Equatable, Sendable {
      var value: String
      var patch: String
    }
    let patch = Mutex("PATCH")
    func patcher(_ prefix: String) -> AtomEffect<Patched> {
      AtomEffect(prefix) { context in
        context.onSet { new, _, isReset in
          let current = patch.withLock { $0 }
          if !isReset && new.patch != current { context.setSelf(Patched(value: prefix + new.value, patch: current)) }
        }
        return nil
      }
    }
    let container = AtomContainer()
    let atom = Atom(
      Patched(value: "DEFAULT", patch: "PATCH"), key: "patched",
      effects: [patcher("TRANSFORM_ALT "), patcher("TRANSFORM ")])
    #expect(try container.get(atom) == Patched(value: "DEFAULT", patch: "PATCH"))
    container.update(atom) { $0.value = "SET" }
    #expect(try container.get(atom) == Patched(value: "SET", patch: "PATCH"))
    patch.withLock { $0 = "PATCHB" }
    container.update(atom) { $0.value = "SET3" }
    #expect(try container.get(atom) == Patched(value: "TRANSFORM SET3", patch: "PATCHB"))
    container.update(atom) { $0.value = "SET4" }
    #expect(try container.get(atom) == Patched(value: "SET4", patch: "PATCHB"))
  }

  /// Recoil_atom-test.js, "Effects" / "onSet History" and "onSet ordering": an undo history
  /// built on `onSet`'s old value; undoing (the effect's own writes) adds nothing to it, and
  /// the handlers of one effect run in the order they were added.
  @Test func anUndoHistoryBuiltOnOnSetUndoesEveryChangeInTurn() throws {
    let history = Mutex<[@Sendable () -> Void]>([])
    let order = Collected<String>()
    let historyEffect = AtomEffect<String>("history") { context in
      context.onSet { _, old, _ in
        order.append("first")
        history.withLock { $0.append { context.setSelf(old) } }
      }
      context.onSet { _, _, _ in order.append("second") }
      return nil
    }
    let container = AtomContainer()
    let a = Atom("DEFAULT_A", key: "history A", effects: [historyEffect])
    let b = Atom("DEFAULT_B", key: "history B", effects: [historyEffect])
    func values() throws -> [String] { [try container.get(a), try container.get(b)] }
    #expect(try values() == ["DEFAULT_A", "DEFAULT_B"])
    container.set(a, "SET_A")
    container.set(b, "SET_B")
    container.set(b, "CHANGE_B")
    container.reset(a)
    #expect(try values() == ["DEFAULT_A", "CHANGE_B"])
    #expect(order.values == Array(repeating: ["first", "second"], count: 4).flatMap { $0 })
    func undo() { history.withLock { $0.removeLast() }() }
    #expect(history.withLock { $0.count } == 4)
    undo()
    #expect(try values() == ["SET_A", "CHANGE_B"])
    undo()
    #expect(try values() == ["SET_A", "SET_B"])
    undo()
    #expect(try values() == ["SET_A", "DEFAULT_B"])
    undo()
    #expect(try values() == ["DEFAULT_A", "DEFAULT_B"])
    #expect(history.withLock { $0.isEmpty })
  }

  /// Recoil_atom-test.js, "Effects" / "async set": an effect may set or reset its atom later,
  /// from another task, and subscribers hear it.
  @Test func anEffectSetsAndResetsItsAtomLater() async throws {
    let container = AtomContainer()
    let contexts = Collected<AtomEffectContext<String>>()
    let atom = Atom(
      "DEFAULT", key: "async set",
      effects: [
        AtomEffect("keeps its context") { context in
          contexts.append(context)
          context.setSelf("INIT")
          return nil
        }
      ])
    let heard = Collected<String?>()
    let subscription = container.subscribe(atom) { heard.append($0.value) }
    #expect(try container.get(atom) == "INIT")
    let context = try #require(contexts.values.first)
    await Task.detached { context.setSelf("SET") }.value
    #expect(try container.get(atom) == "SET")
    await Task.detached { context.resetSelf() }.value
    #expect(try container.get(atom) == "DEFAULT")
    #expect(await eventually { heard.values == ["SET", "DEFAULT"] })
    subscription.cancel()
  }
}

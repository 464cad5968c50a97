import Foundation
import RecoilConcurrency
import Testing

@testable import RecoilAtoms

/// An atom whose default is another node, as Recoil's own test suite states it
/// (facebookexperimental/Recoil,
/// `packages/recoil/recoil_values/__tests__/Recoil_atomWithFallback-test.js`), with
/// `WritableSelector(key:fallback:)` for Recoil's `atom({default: otherNode})`.
@Suite struct RecoilAtomWithFallbackConformanceTests {
  /// Recoil_atomWithFallback-test.js, "atomWithFallback": it follows its fallback until it is
  /// set; then it keeps its own value; a reset makes it follow again.
  @Test func itFollowsItsFallbackUntilSetAndAgainAfterAReset() throws {
    let container = AtomContainer()
    let fallback = Atom(1, key: "fallback")
    let hasFallback = WritableSelector(key: "hasFallback") { get in try get(fallback) }
    #expect(try container.get(hasFallback) == 1)
    container.set(fallback, 2)
    #expect(try container.get(hasFallback) == 2)
    try container.set(hasFallback, 3)
    #expect(try container.get(hasFallback) == 3)
    container.set(fallback, 4)
    #expect(try container.get(hasFallback) == 3)
    #expect(try container.get(fallback) == 4)  // setting it never wrote its fallback
    container.reset(hasFallback)
    #expect(try container.get(hasFallback) == 4)
    container.set(fallback, 5)
    #expect(try container.get(hasFallback) == 5)
  }

  /// Recoil_atomWithFallback-test.js, "Atom with atom fallback can store null and undefined":
  /// an optional value's own `nil` is a value, not the lack of one.
  @Test func anOptionalValueCanHoldItsOwnNil() throws {
    let container = AtomContainer()
    let fallback = Atom<String?>("FALLBACK", key: "fallback for nil")
    let atom = WritableSelector<String?>(key: "atom with nil") { get in try get(fallback) }
    #expect(try container.get(atom) == "FALLBACK")
    try container.set(atom, "VALUE")
    #expect(try container.get(atom) == "VALUE")
    try container.set(atom, nil)
    #expect(try container.get(atom) == nil)
    container.set(fallback, "CHANGED")
    #expect(try container.get(atom) == nil)  // its own nil, not the fallback
    try container.set(atom, "VALUE")
    #expect(try container.get(atom) == "VALUE")
    container.reset(atom)
    #expect(try container.get(atom) == "CHANGED")
  }

  /// Recoil_atomWithFallback-test.js, "Atom with selector fallback can store null and
  /// undefined": the fallback is computed, here from a selector of a constant and an atom.
  @Test func aComputedFallbackIsComputedOnlyWhileItHasNoValueOfItsOwn() throws {
    let container = AtomContainer()
    let runs = Counter()
    let base = Atom(10, key: "base")
    let atom = WritableSelector<Int?>(key: "computed fallback") { get in
      runs.increment()
      return try get(base) * 2
    }
    #expect(try container.get(atom) == 20)
    try container.set(atom, nil)
    #expect(try container.get(atom) == nil)
    container.set(base, 11)
    #expect(try container.get(atom) == nil)
    #expect(runs.count == 1)  // set, it reads its own value only
    container.reset(atom)
    #expect(try container.get(atom) == 22)
    #expect(runs.count == 2)
  }

  /// Recoil_atomWithFallback-test.js subscribes to the atom: a subscriber hears its fallback's
  /// changes while it has no value of its own, and not after.
  @Test func aSubscriberHearsTheFallbackOnlyWhileItIsFollowed() throws {
    let container = AtomContainer()
    let fallback = Atom("a", key: "followed")
    let atom = WritableSelector(key: "follower") { get in try get(fallback) }
    let heard = Collected<String>()
    let subscription = container.subscribe(atom) { heard.append($0.value ?? "?") }
    container.set(fallback, "b")
    try container.set(atom, "own")
    container.set(fallback, "c")
    try container.set(atom, "own")  // the same value: nothing to hear
    container.reset(atom)
    #expect(heard.values == ["b", "own", "c"])
    subscription.cancel()
  }

  /// A snapshot holds its own value (or its lack of one), so going back to a time before it
  /// was set makes it follow its fallback again.
  @Test func restoringASnapshotFromBeforeItWasSetFollowsTheFallbackAgain() throws {
    let container = AtomContainer()
    let fallback = Atom(1, key: "saved")
    let draft = WritableSelector(key: "draft") { get in try get(fallback) }
    #expect(try container.get(draft) == 1)
    let before = container.snapshot()
    try container.set(draft, 7)
    let after = container.snapshot()
    container.restore(before)
    #expect(try container.get(draft) == 1)
    container.set(fallback, 2)
    #expect(try container.get(draft) == 2)
    container.restore(after)
    #expect(try container.get(draft) == 7)
  }

  /// Its own value sits in an atom named after it, which the inspector and snapshots show
  /// beside it, with the edges saying where its value came from.
  @Test func itsOwnValueIsAnAtomNamedAfterIt() throws {
    let container = AtomContainer()
    let saved = Atom("Ann", key: "Profile.saved")
    let draftName = WritableSelector(key: "Profile.draftName") { get in try get(saved) }
    _ = try container.get(draftName)
    let info = try #require(container.snapshot().info(of: draftName))
    #expect(info.kind == .selector)
    #expect(info.dependencies.map(\.name).sorted() == ["Profile.draftName.own", "Profile.saved"])
    try container.set(draftName, "Anna")
    _ = try container.get(draftName)
    let set = try #require(container.snapshot().info(of: draftName))
    #expect(set.dependencies.map(\.name) == ["Profile.draftName.own"])
  }

  /// Recoil_atomWithFallback-test.js, "Effects": an effect gives it its first value of its own
  /// when it is first used; a reset makes it follow its fallback.
  @Test func anEffectGivesItItsOwnValueAndAResetFollowsTheFallback() throws {
    let container = AtomContainer()
    let started = Counter()
    let fallback = Atom("FALLBACK", key: "effects fallback")
    let atom = WritableSelector(
      key: "with effects",
      effects: [
        AtomEffect("init") { context in
          started.increment()
          context.setSelf("INIT")
          return nil
        }
      ]
    ) { get in try get(fallback) }
    #expect(try container.get(atom) == "INIT")
    #expect(started.count == 1)
    container.reset(atom)
    #expect(try container.get(atom) == "FALLBACK")
    #expect(started.count == 1)
  }

  /// Persisted, it keeps its own value between launches, and a reset (which removes the file)
  /// makes the next launch follow the fallback.
  @Test func persistedItKeepsItsOwnValueBetweenLaunches() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "fallback-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "draft.json")
    let saved = Atom("Ann", key: "saved name")
    let draft = WritableSelector(key: "draft name", effects: [.persisted(in: file, debounce: .zero)]) { get in
      try get(saved)
    }
    var first: AtomContainer? = AtomContainer()
    #expect(try first?.get(draft) == "Ann")
    try first?.set(draft, "Anna")
    first = nil  // releasing the container saves what waits
    let next = AtomContainer()
    #expect(try next.get(draft) == "Anna")
    next.reset(draft)
    #expect(try next.get(draft) == "Ann")
    let deadline = ContinuousClock.now + .seconds(2)
    while FileManager.default.fileExists(atPath: file.path) && ContinuousClock.now < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
    #expect(try AtomContainer().get(draft) == "Ann")
  }

  /// Recoil_atomFamily-test.js, "Works with atom default": every member follows one fallback
  /// until it is set; a member set keeps its value, the others go on following.
  @Test func eachMemberFollowsTheFallbackUntilItIsSet() throws {
    let container = AtomContainer()
    let fallback = Atom(0, key: "family fallback")
    let hasFallback = WritableSelectorFamily(key: "hasFallback") { (_: String, get) in try get(fallback) }
    #expect(try container.get(hasFallback("x")) == 0)
    container.set(fallback, 1)
    #expect(try container.get(hasFallback("x")) == 1)
    try container.set(hasFallback("x"), 2)
    #expect(try container.get(hasFallback("x")) == 2)
    #expect(try container.get(hasFallback("y")) == 1)
  }

  /// Recoil_atomFamily-test.js, "Works with parameterized fallback": each member follows the
  /// fallback for its own parameter; a reset of one member makes it follow again.
  @Test func eachMemberFollowsTheFallbackForItsParameter() throws {
    let container = AtomContainer()
    let fallback = AtomFamily(key: "parameterized fallback default") { (num: Int) in num * 10 }
    let member = WritableSelectorFamily(key: "parameterized fallback") { (num: Int, get) in try get(fallback(num)) }
    #expect(try container.get(member(1)) == 10)
    #expect(try container.get(member(2)) == 20)
    try container.set(member(1), 3)
    #expect(try container.get(member(1)) == 3)
    #expect(try container.get(member(2)) == 20)
    container.set(fallback(2), 200)
    #expect(try container.get(member(2)) == 200)
    container.set(fallback(1), 100)
    #expect(try container.get(member(1)) == 3)
    #expect(try container.get(member(2)) == 200)
    container.reset(member(1))
    #expect(try container.get(member(1)) == 100)
    let info = try #require(container.snapshot().info(of: member(2)))
    #expect(
      Set(info.dependencies.map(\.description)) == [
        "parameterized fallback default(2)", "parameterized fallback.own(2)",
      ])
  }

  /// A member's effects get its parameter, and run on its own value's atom.
  @Test func eachMembersEffectsGetItsParameter() throws {
    let container = AtomContainer()
    let fallback = Atom("none", key: "effect family fallback")
    let member = WritableSelectorFamily(
      key: "effect family",
      effects: { (id: Int) in
        [
          AtomEffect("init") { context in
            if id == 1 { context.setSelf("one") }; return nil
          }
        ]
      }
    ) { (_: Int, get) in try get(fallback) }
    #expect(try container.get(member(1)) == "one")
    #expect(try container.get(member(2)) == "none")
    container.reset(member(1))
    #expect(try container.get(member(1)) == "none")
  }

  /// Recoil_atomFamily-test.js, "atomFamily async fallback" and "Parameterized fallback with
  /// atom and async": a fallback reading an async node is loading until that resolves; then it
  /// has its value, and setting it while it loads gives it its own value at once.
  @Test func aFallbackReadingAnAsyncNodeLoadsUntilItResolves() async throws {
    let container = AtomContainer()
    let gate = Gate()
    let remote = gated("remote name", by: gate, to: "async")
    let member = WritableSelectorFamily(key: "async fallback") { (param: String, get) in
      param.hasPrefix("async") ? try get(remote) : param
    }
    #expect(try container.get(member("value")) == "value")
    #expect(container.loadable(member("async")).isLoading)
    #expect(container.loadable(member("async, set while loading")).isLoading)
    try container.set(member("async, set while loading"), "mine")
    #expect(try container.get(member("async, set while loading")) == "mine")
    let subscription = container.subscribe(member("async")) { _ in }
    gate.open()
    #expect(try await container.value(member("async")) == "async")
    try container.set(member("async"), "own")
    #expect(try container.get(member("async")) == "own")
    subscription.cancel()
  }

  /// As Recoil's `snapshot.map(({reset}) => reset(atom))` on an atom with a fallback: the
  /// edited copy follows the fallback, and so does a container restored to it.
  @Test func aSnapshotEditedToResetItFollowsTheFallback() throws {
    let container = AtomContainer()
    let saved = Atom("Ann", key: "snapshot saved")
    let draft = WritableSelector(key: "snapshot draft") { get in try get(saved) }
    try container.set(draft, "Anna")
    let edited = container.snapshot().resetting(draft)
    #expect(try edited.get(draft) == "Ann")
    let other = container.snapshot().setting(draft, to: "Annie")
    #expect(try other.get(draft) == "Annie")
    #expect(try other.resetting(draft).get(draft) == "Ann")
    container.restore(edited)
    #expect(try container.get(draft) == "Ann")
  }
}

// Scenarios for ReleaseBuildTests, which build this in release: misuses of the API must still
// die with the message that says what went wrong, and a deep chain must fit a small stack.
import Foundation
import RecoilAtoms
import RecoilReflection
import RecoilStores

enum Misuse {
  static let base = Atom(1, key: "Misuse.base")
}

switch CommandLine.arguments.dropFirst().first {
case "dispatch-in-reducer":
  // The reducer reaches the store through a box: dispatching from inside it is the misuse.
  // Unchecked: set once before the first dispatch, then only read, on the processing thread.
  final class Box: @unchecked Sendable { var store: Store<Int, Int>? }
  let box = Box()
  let store = Store<Int, Int>(
    initialState: 0,
    reducer: Reducer { state, action in
      state += action
      box.store?.dispatch(1)
    }, name: "probe")
  box.store = store
  store.dispatch(1)
case "reflection-verdict":
  // The metadata reader's self-check, in an optimised build: its verdict, then each sample
  // read both ways (the same comparison, printed so a difference is seen whole).
  let verdict = MetadataReading.verdict
  print(verdict.isEnabled ? "metadata reading on" : "metadata reading off: \(verdict.reason ?? "")")
  var differences = 0
  for sample in SelfCheckSamples.values {
    let byMetadata = MetadataReading.reading(sample, cache: ReflectionCache(readingFields: true, selfChecked: false))
    let byMirror = MetadataReading.reading(sample, cache: ReflectionCache(readingFields: false, selfChecked: false))
    if byMetadata != byMirror {
      differences += 1
      print("differs: \(byMetadata) | \(byMirror)")
    }
  }
  print("\(SelfCheckSamples.values.count) samples, \(differences) differ")
case "container-in-getter":
  let container = AtomContainer()
  let reentrant = Selector(key: "Misuse.reentrant") { _ in try container.get(Misuse.base) }
  _ = try? container.get(reentrant)
case "container-in-effect":
  // The effect reaches the container through a box: reading it as the effect starts (under
  // the container's lock) is the misuse.
  // Unchecked: set once before the first read, then only read.
  final class Box: @unchecked Sendable { var container: AtomContainer? }
  let box = Box()
  let watched = Atom(
    0, key: "Misuse.watched",
    effects: [
      AtomEffect("reads the container") { _ in
        _ = try box.container?.get(Misuse.base)
        return nil
      }
    ])
  let container = AtomContainer()
  box.container = container
  _ = try? container.get(watched)
case "deep-chain-on-small-stack":
  // The first read of a 10,000-selector chain, on a thread with 512 KiB of stack.
  var chain: [Selector<Int>] = []
  for index in 0..<10_000 {
    let previous = chain.last
    chain.append(
      Selector(key: "Deep.step\(index)") { get in try (previous.map { try get($0) } ?? get(Misuse.base)) + 1 })
  }
  let container = AtomContainer()
  let last = chain[chain.count - 1]
  let thread = Thread {
    print((try? container.get(last)).map(String.init) ?? "failed")
    // The process ends here, while the main thread waits: had the main thread ended it, it
    // could tear the process down while this thread was still ending (a crash now and then).
    exit(0)
  }
  thread.stackSize = 512 * 1024
  thread.start()
  while true { sleep(60) }
default:
  print(
    "usage: release-probe dispatch-in-reducer|reflection-verdict|container-in-getter|container-in-effect|deep-chain-on-small-stack"
  )
}

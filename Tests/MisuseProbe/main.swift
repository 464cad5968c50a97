// A program that misuses the API on purpose, for ProgrammerErrorTests: built in release, it
// must still die with the message that says what went wrong.
import RecoilAtoms
import RecoilStores

enum Misuse {
  static let base = Atom(1, key: "Misuse.base")
}

switch CommandLine.arguments.dropFirst().first {
case "dispatch-in-reducer":
  // The reducer reaches the store through a box: dispatching from inside it is the misuse.
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
case "container-in-getter":
  let container = AtomContainer()
  let reentrant = Selector(key: "Misuse.reentrant") { _ in try container.get(Misuse.base) }
  _ = try? container.get(reentrant)
default:
  print("usage: misuse-probe dispatch-in-reducer|container-in-getter")
}

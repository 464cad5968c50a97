import Foundation
import Testing

@testable import RecoilAtoms

/// Secondary threads on Apple platforms have 512 KiB of stack. The first read of a long chain
/// of selectors nests getters only so deep before it continues from the top, so it must fit.
@Suite struct SmallStackTests {
  /// Reads the end of a chain of `length` selectors on a thread with `stackSize` bytes of stack.
  static func readChain(length: Int, stackSize: Int) -> Int? {
    let base = Atom(1, key: "SmallStack.base")
    var chain: [Selector<Int>] = []
    for index in 0..<length {
      let previous = chain.last
      chain.append(
        Selector(key: "SmallStack.step\(index)") { get in
          try (previous.map { try get($0) } ?? get(base)) + 1
        })
    }
    let container = AtomContainer()
    nonisolated(unsafe) var result: Int?
    let done = DispatchSemaphore(value: 0)
    let last = chain[chain.count - 1]
    // Safe: `result` is written by the thread before it signals, and read after the wait.
    let thread = Thread {
      result = try? container.get(last)
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return result
  }

  @Test func aTenThousandSelectorChainIsReadFirstOnA512KiBStack() {
    #expect(Self.readChain(length: 10_000, stackSize: 512 * 1024) == 10_001)
  }
}

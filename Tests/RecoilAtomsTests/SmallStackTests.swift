import Foundation
import Testing

@testable import RecoilAtoms

/// Secondary threads on Apple platforms have 512 KiB of stack. The first read of a long chain
/// of selectors nests getters only so deep before it continues from the top, so it must fit.
@Suite struct SmallStackTests {
  /// The chain's selectors. Each getter finds its predecessor here rather than capturing it:
  /// a chain of captures would be released recursively, 10,000 deinits deep, and overflow
  /// whichever thread released the last one.
  final class Chain: @unchecked Sendable {
    // Safe: filled before any getter runs, and only read after that.
    var selectors: [Selector<Int>] = []
  }

  /// Reads the end of a chain of `length` selectors on a thread with `stackSize` bytes of stack.
  static func readChain(length: Int, stackSize: Int) -> Int? {
    let base = Atom(1, key: "SmallStack.base")
    let chain = Chain()
    for index in 0..<length {
      chain.selectors.append(
        Selector(key: "SmallStack.step\(index)") { get in
          try (index == 0 ? get(base) : get(chain.selectors[index - 1])) + 1
        })
    }
    let container = AtomContainer()
    nonisolated(unsafe) var result: Int?
    let done = DispatchSemaphore(value: 0)
    let last = chain.selectors[length - 1]
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

import Testing

@testable import recoil_inspect

@Suite struct LineReaderTests {
  /// Feeds `chunks` to a reader and returns what it handed over: text, or `tooLong(n)`.
  private func lines(_ chunks: [String], maximum: Int = 100) -> [String] {
    var reader = LineReader(maximumLineBytes: maximum)
    var seen: [String] = []
    func record(_ number: Int, _ line: LineReader.Line) {
      #expect(number == seen.count + 1)
      switch line {
      case .text(let bytes): seen.append(String(decoding: bytes, as: UTF8.self))
      case .tooLong(let count): seen.append("tooLong(\(count))")
      }
    }
    for chunk in chunks {
      Array(chunk.utf8).withUnsafeBufferPointer { reader.consume($0, record) }
    }
    reader.finish(record)
    return seen
  }

  @Test func linesMaySpanChunksAndEndWithoutANewline() {
    #expect(lines(["a\nbb", "b\n", "", "\nc"]) == ["a", "bbb", "", "c"])
    #expect(lines(["one\r\ntwo\r\n"]) == ["one", "two"])
    #expect(lines(["x", "y", "z"]) == ["xyz"])
  }

  @Test func aLineOverTheBoundIsCountedSkippedAndTheNextOnesStillArrive() {
    let long = String(repeating: "x", count: 250)
    // Whole in one chunk.
    #expect(lines(["a\n" + long + "\nb\n"]) == ["a", "tooLong(250)", "b"])
    // Across many chunks, growing past the bound part-way.
    #expect(
      lines(["a\n", String(long.prefix(60)), String(long.prefix(60)), String(long.prefix(130)) + "\nb"]) == [
        "a", "tooLong(250)", "b",
      ])
    // Unterminated at the end of the stream.
    #expect(lines([long]) == ["tooLong(250)"])
    // Exactly at the bound is kept.
    #expect(lines([String(repeating: "y", count: 100) + "\n"]) == [String(repeating: "y", count: 100)])
  }
}

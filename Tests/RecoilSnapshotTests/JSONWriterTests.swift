import Foundation
import Testing

@testable import RecoilSnapshot

@Suite struct JSONWriterTests {
  private func quoted(_ text: String) -> String {
    var writer = JSONWriter(compact: true)
    writer.write("k", text)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test func stringsNeedingNoEscapeAreCopiedAsTheyAre() {
    #expect(quoted("café 😀 € ∅ a/b") == #""k":"café 😀 € ∅ a/b""#)
  }

  @Test func jsonAndTerminalActiveCharactersAreEscaped() {
    #expect(quoted("\"\\\n\r\t") == #""k":"\"\\\n\r\t""#)
    #expect(quoted("\u{1B}[31m\u{7F}") == #""k":"\u001b[31m\u007f""#)
    #expect(quoted("c1\u{85}\u{9B}") == #""k":"c1\u0085\u009b""#)
    #expect(quoted("\u{2028}\u{2029}\u{202E}\u{2066}\u{2069}") == #""k":"\u2028\u2029\u202e\u2066\u2069""#)
    // Neighbours of the escaped ranges are not escaped.
    #expect(quoted("\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}") == "\"k\":\"\u{A0}\u{2027}\u{202F}\u{2065}\u{206A}\"")
  }

  @Test func everyScalarSurvivesARoundTrip() throws {
    var text = ""
    for value in 0..<0x2100 { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
    text += "😀\u{10FFFF}"
    let event = InspectorEvent(atNanos: 0, kind: .error(node: text, message: text))
    let line = InspectorEventCodec.encode(event)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(try InspectorEventCodec.decode(line: line) == event)
  }

  @Test func integersAreWrittenInDecimalAtEveryMagnitude() {
    for value in [0, 7, -7, 10, -10, 1_234_567_890, Int.max, Int.min, Int.min + 1] {
      var writer = JSONWriter(compact: true)
      writer.write("n", value)
      #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"n\":\(value)")
    }
  }

  @Test func deepNestingIsIndentedTwoSpacesALevelWithCommasBetweenMembers() throws {
    var writer = JSONWriter()
    for depth in 0..<40 { writer.beginObject(key: depth == 0 ? nil : "level") }
    writer.write("leaf", 1)
    writer.write("more", 2)
    for _ in 0..<40 { writer.endObject() }
    let text = String(decoding: writer.finishedOutput().bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[40] == Substring(String(repeating: " ", count: 80) + "\"leaf\": 1,"))
    #expect(lines[41] == Substring(String(repeating: " ", count: 80) + "\"more\": 2"))
    #expect(text.hasSuffix("}\n"))
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
    #expect(parsed is [String: Any])
  }

  @Test func aKeyMadeAtRunTimeIsEscapedLikeAnyText() {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.write("plain", 1)
    writer.write(textKey: "odd \"key\"\n", 2)
    writer.endObject()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"plain":1,"odd \"key\"\n":2}"#)
  }

  @Test func theOutputGrowsAndKeepsEveryByteInOrder() {
    var output = ByteOutput(capacity: 1)
    var expected: [UInt8] = []
    var generator = SystemRandomNumberGenerator()
    for round in 0..<5_000 {
      if round % 3 == 0 {
        let byte = UInt8.random(in: 0...255, using: &generator)
        output.append(byte)
        expected.append(byte)
      } else {
        let chunk = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255) }
        chunk.withUnsafeBytes { output.append($0) }
        expected += chunk
      }
    }
    output.append("tail é")
    expected += Array("tail é".utf8)
    #expect(output.count == expected.count)
    #expect(output.bytes == expected)
    #expect(output.withBytes { Array($0) } == expected)
  }
  @Test func aSmallCopyCopiesExactlyItsBytesAtEveryCount() {
    let source = (0..<16).map { UInt8(0xA0 + $0) }
    for count in 0...16 {
      // Guard bytes on both sides of the destination must stay as they are.
      var destination = [UInt8](repeating: 0x55, count: 32)
      source.withUnsafeBytes { source in
        destination.withUnsafeMutableBytes { destination in
          SmallCopy.copy(count, from: source.baseAddress!, to: destination.baseAddress! + 8)
        }
      }
      #expect(Array(destination[8..<(8 + count)]) == Array(source[..<count]), "count \(count)")
      #expect(destination[..<8].allSatisfy { $0 == 0x55 } && destination[(8 + count)...].allSatisfy { $0 == 0x55 })
    }
  }

  /// Every length of key, in both layouts, through an output that drains at every position.
  @Test func keysOfEveryLengthAreWrittenWholeWhereverTheOutputDrains() {
    let keys: [StaticString] = [
      "a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmno",
      "abcdefghijklmnop", "abcdefghijklmnopq", "a key well past sixteen bytes long",
    ]
    for compact in [true, false] {
      for capacity in [16, 17, 23, 40, 4096] {
        var drained: [UInt8] = []
        let output = ByteOutput(capacity: capacity) { drained += $0 }
        var writer = JSONWriter(compact: compact, output: output)
        writer.beginObject()
        for (index, key) in keys.enumerated() { writer.write(key, index) }
        writer.endObject()
        var rest = writer.finishedOutput()
        rest.drain()
        let members = keys.enumerated().map { index, key in
          compact ? "\"\(key)\":\(index)" : "\n  \"\(key)\": \(index)"
        }
        let expected = "{" + members.joined(separator: ",") + (compact ? "}" : "\n}") + "\n"
        #expect(String(decoding: drained, as: UTF8.self) == expected, "compact \(compact), capacity \(capacity)")
      }
    }
  }
}

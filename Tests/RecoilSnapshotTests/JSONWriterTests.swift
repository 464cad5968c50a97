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

  /// The rule of `JSONEscape`, one scalar at a time, written out plainly.
  private static func escapedByScalar(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x09: result += "\\t"
      case 0..<0x20, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Strings of every length up to 40, with characters to escape at random places: the words
  /// read eight bytes at a time, the last one padded, and the escapes between them must say
  /// what escaping each scalar alone says.
  @Test func escapingAgreesWithTheRuleAppliedToEachScalarAtEveryLength() {
    let pieces: [String] = [
      "a", "z", " ", "~", "\"", "\\", "\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{A0}", "é", "€", "\u{2028}",
      "\u{202E}", "\u{2027}", "\u{2066}", "\u{206A}", "😀", "\u{0}",
    ]
    var generator = SystemRandomNumberGenerator()
    for length in 0...40 {
      for round in 0..<40 {
        let text = String(
          (0..<length).map { _ in
            // Mostly plain letters, so that whole words come up too.
            round % 2 == 0 && Int.random(in: 0..<6, using: &generator) != 0
              ? "m" : pieces.randomElement(using: &generator)!
          }.joined().unicodeScalars.prefix(length))
        #expect(quoted(text) == "\"k\":\"" + Self.escapedByScalar(text) + "\"", "\(Array(text.utf8))")
      }
    }
  }

  @Test func escapesAreTheirOwnBytes() {
    let cases: [(String, Int, String, Int)] = [
      ("\"", 0, "\\\"", 1), ("\\", 0, "\\\\", 1), ("\t", 0, "\\t", 1), ("\u{1F}", 0, "\\u001f", 1),
      ("x\u{9F}", 1, "\\u009f", 2), ("\u{2069}", 0, "\\u2069", 3), ("a", 0, "", 1), ("\u{2030}", 0, "", 1),
    ]
    for (text, index, escape, length) in cases {
      let bytes = Array(text.utf8)
      let found = ByteInput.read(bytes) { JSONEscape(of: $0, at: index) }
      #expect(found.text == escape && found.length == length, "\(bytes)")
    }
  }

  @Test func everyIntegerIsWrittenAsItsDescription() {
    var values = Array(-1_000...10_000)
    var power = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
    }
    values += [Int.max, Int.max - 1, Int.min, Int.min + 1]
    var writer = JSONWriter(compact: true)
    writer.beginArray()
    for value in values { writer.writeElement(value) }
    writer.endArray()
    #expect(String(decoding: writer.bytes, as: UTF8.self) == "[" + values.map(String.init).joined(separator: ",") + "]")
  }

  /// Every depth's indentation, through outputs that drain often, including ones smaller than
  /// the 32 bytes an indentation is stored as.
  @Test func everyDepthIsIndentedWhereverTheOutputDrains() {
    for capacity in [16, 31, 33, 4096] {
      var drained: [UInt8] = []
      var writer = JSONWriter(compact: false, output: ByteOutput(capacity: capacity) { drained += $0.array })
      for depth in 0..<40 {
        writer.beginObject(key: depth == 0 ? nil : "level")
        writer.write("n", depth)
      }
      for _ in 0..<40 { writer.endObject() }
      var rest = writer.finishedOutput()
      rest.drain()
      let lines = String(decoding: drained, as: UTF8.self).split(separator: "\n")
      for depth in 1..<40 {
        #expect(lines[2 * depth - 1] == Substring(String(repeating: "  ", count: depth) + "\"n\": \(depth - 1),"))
        #expect(lines[2 * depth] == Substring(String(repeating: "  ", count: depth) + "\"level\": {"))
      }
      #expect(lines.last == "}")
      #expect(lines.count == 2 * 40 + 40)
    }
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
        output.append(chunk)
        expected += chunk
      }
    }
    output.append("tail é")
    expected += Array("tail é".utf8)
    #expect(output.count == expected.count)
    #expect(output.bytes == expected)
    #expect(output.data == Data(expected))
  }
  @Test func aSmallCopyCopiesExactlyItsBytesAtEveryCount() {
    let source = (0..<16).map { UInt8(0xA0 + $0) }
    for count in 0...16 {
      // Guard bytes on both sides of the destination must stay as they are.
      var destination = [UInt8](repeating: 0x55, count: 32)
      source.withUnsafeBytes { source in
        destination.withUnsafeMutableBytes { destination in
          ByteOutput.SmallCopy.copy(count, from: source.baseAddress!, to: destination.baseAddress! + 8)
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
        let output = ByteOutput(capacity: capacity) { drained += $0.array }
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

extension JSONEscape {
  /// The escape as text.
  var text: String {
    withUnsafeBytes(of: bytes.littleEndian) { String(decoding: $0.prefix(count), as: UTF8.self) }
  }
}

@Suite struct JSONWriterArrayTests {
  @Test func arraysOfStringsNumbersAndShortObjectsAreWrittenInOneCall() {
    var writer = JSONWriter(compact: true)
    writer.beginObject()
    writer.writeArray(key: "reads", ["a", "b\"c"])
    writer.writeArray(key: "groups", [3, -1])
    writer.beginArray(key: "nested")
    writer.writeArray(["x"])
    writer.writeArray([Int]())
    writer.endArray()
    writer.writeInlines(key: "edges", [("a", "b")]) { [("from", $0.0), ("to", $0.1)] }
    writer.writeObjects(key: "rows", [1, 2]) { writer, number in writer.write("n", number) }
    writer.endObject()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == #"{"reads":["a","b\"c"],"groups":[3,-1],"nested":[["x"],[]],"edges":[{"from":"a","to":"b"}],"rows":[{"n":1},{"n":2}]}"#
    )
  }
}

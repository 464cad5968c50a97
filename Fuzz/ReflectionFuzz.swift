// libFuzzer target: the metadata reader against Mirror, on values the input builds. Built by
// `Scripts/fuzz reflection` from this file over RecoilConcurrency and RecoilReflection (each its
// own module), with the address sanitizer.
//
// The input's bytes choose, one after another, which of a family of types to build (enums
// with no, one or several payloads, generic, indirect and labelled ones, structs nesting
// others, optionals, tuples, arrays, classes, existentials) and the values of their fields,
// to a bounded depth. Property checked on every value, beyond "no crash": reading it from
// its type's metadata (`StoredFields`, `EnumCases`) describes it exactly as a Mirror does
// (`MetadataReading.reading`, the comparison the self-check makes).
import Foundation
import RecoilReflection

/// Reads the input's bytes as choices and values; past the end, every read is zero.
struct Choices {
  var bytes: [UInt8]
  var position = 0

  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }
  mutating func int() -> Int {
    var value = 0
    for _ in 0..<Int(byte() % 9) { value = value << 8 | Int(byte()) }
    // Wrapping: eight bytes can make Int.min, whose negation does not fit.
    return byte() & 1 == 0 ? value : 0 &- value
  }
  mutating func text() -> String {
    let count = Int(byte() % 12)
    return String(decoding: (0..<count).map { _ in byte() }, as: UTF8.self)
  }
  mutating func flag() -> Bool { byte() & 1 == 1 }
}

enum Plain: Sendable { case first, second, third }
enum OnePayload: Sendable { case empty, value(Int) }
enum Payloads: Sendable { case name(String), pair(Int, Bool), plain, nested(OnePayload), record(Record) }
enum Generic<Value: Sendable>: Sendable { case value(Value), none }
indirect enum Tree: Sendable { case leaf(Int), node(Tree, Tree) }
enum Labelled: Sendable { case move(x: Int, y: Int), text(String), stop }
struct Record: Sendable, Equatable { var count: Int; var name: String; var flag: Bool }
struct Nesting: Sendable { var record: Record; var optional: Int?; var list: [Int]; var tag: Plain }
struct Pairing: Sendable { var pair: (Int, String); var labelled: (x: Int, y: Bool) }
final class Holder: Sendable { let value: Int; init(_ value: Int) { self.value = value } }
struct Existential: Sendable { var any: any Sendable; var described: any CustomStringConvertible & Sendable }
struct Wrapper<Value: Sendable>: Sendable { var inner: Value; var count: Int }

/// One value of a type the input chooses, `depth` levels of nesting at most.
func value(_ choices: inout Choices, depth: Int = 0) -> any Sendable {
  let kind = depth >= 4 ? choices.byte() % 4 : choices.byte() % 22
  switch kind {
  case 0: return choices.int()
  case 1: return choices.text()
  case 2: return choices.flag()
  case 3: return [Plain.first, .second, .third][Int(choices.byte() % 3)]
  case 4: return choices.flag() ? OnePayload.value(choices.int()) : OnePayload.empty
  case 5:
    switch choices.byte() % 5 {
    case 0: return Payloads.name(choices.text())
    case 1: return Payloads.pair(choices.int(), choices.flag())
    case 2: return Payloads.plain
    case 3: return Payloads.nested(.value(choices.int()))
    default: return Payloads.record(record(&choices))
    }
  case 6: return choices.flag() ? Generic<String>.value(choices.text()) : Generic<String>.none
  case 7: return Generic<Record>.value(record(&choices))
  case 8: return tree(&choices, depth: depth)
  case 9:
    switch choices.byte() % 3 {
    case 0: return Labelled.move(x: choices.int(), y: choices.int())
    case 1: return Labelled.text(choices.text())
    default: return Labelled.stop
    }
  case 10: return record(&choices)
  case 11:
    return Nesting(
      record: record(&choices), optional: choices.flag() ? choices.int() : nil,
      list: (0..<Int(choices.byte() % 4)).map { _ in choices.int() }, tag: .second)
  case 12: return Pairing(pair: (choices.int(), choices.text()), labelled: (x: choices.int(), y: choices.flag()))
  case 13: return Holder(choices.int())
  case 14: return Existential(any: value(&choices, depth: depth + 1), described: choices.int())
  case 15: return Wrapper(inner: value(&choices, depth: depth + 1) as? Int ?? 0, count: choices.int())
  case 16: return Wrapper<Record>(inner: record(&choices), count: choices.int())
  case 17: return (choices.int(), choices.text())
  case 18: return (label: choices.text(), count: choices.int(), flag: choices.flag())
  case 19: return choices.flag() ? Optional(record(&choices)) : Optional<Record>.none
  case 20: return (0..<Int(choices.byte() % 4)).map { _ in record(&choices) }
  default: return Generic<OnePayload>.value(choices.flag() ? .value(choices.int()) : .empty)
  }
}

func record(_ choices: inout Choices) -> Record {
  Record(count: choices.int(), name: choices.text(), flag: choices.flag())
}

func tree(_ choices: inout Choices, depth: Int) -> Tree {
  depth < 4 && choices.flag()
    ? .node(tree(&choices, depth: depth + 1), tree(&choices, depth: depth + 1)) : .leaf(choices.int())
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReflection(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  var choices = Choices(bytes: start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? [])
  while choices.position < choices.bytes.count {
    let made = value(&choices)
    let byMetadata = MetadataReading.reading(made, cache: ReflectionCache(readingFields: true, selfChecked: false))
    let byMirror = MetadataReading.reading(made, cache: ReflectionCache(readingFields: false, selfChecked: false))
    precondition(byMetadata == byMirror, "\(type(of: made)): metadata \(byMetadata) | mirror \(byMirror)")
  }
  return 0
}

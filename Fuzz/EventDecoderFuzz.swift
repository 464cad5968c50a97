// libFuzzer target: the live-event decoder on arbitrary bytes, one line at a time as `live`
// reads them. Built by `Scripts/fuzz events` together with the RecoilSnapshot sources, with
// the address sanitizer.
//
// Properties checked on every line, beyond "no crash, no hang":
// - decoding either succeeds or throws a SnapshotError placed on that line;
// - what decodes re-encodes to one line without a raw control character, which decodes to
//   the same event.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
  for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
    let event: InspectorEvent
    do {
      event = try InspectorEventCodec.decode(line: line, lineNumber: number + 1)
    } catch {
      precondition(error.position.line == number + 1 && error.position.column >= 1, "error placed off its line")
      continue
    }
    let encoded = InspectorEventCodec.encode(event)
    precondition(!encoded.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    do {
      let again = try InspectorEventCodec.decode(line: encoded)
      precondition(again == event, "a round trip changed the event")
    } catch {
      preconditionFailure("an encoded event does not decode: \(error)")
    }
  }
  return 0
}

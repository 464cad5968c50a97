// libFuzzer target: the snapshot decoder on arbitrary bytes. Built by `Scripts/fuzz snapshot`
// together with the RecoilSnapshot sources (so internal API is at hand), with the address
// sanitizer.
//
// Properties checked on every input, beyond "no crash, no hang":
// - decoding either succeeds or throws a SnapshotError whose position lies inside the text;
// - what decodes re-encodes (pretty and compact) to text that decodes to the same snapshot.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotDecoder(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let data = start.map { Data(bytes: $0, count: count) } ?? Data()
  let snapshot: Snapshot
  do {
    snapshot = try SnapshotCodec.decode(data)
  } catch {
    let position = error.position
    let lines = data.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    precondition(
      position.line >= 1 && position.line <= lines && position.column >= 1, "position \(position) outside the text")
    precondition(!error.message.isEmpty)
    return 0
  }
  for layout in [SnapshotCodec.Layout.pretty, .compact] {
    let again: Snapshot
    do {
      again = try SnapshotCodec.decode(SnapshotCodec.encode(snapshot, layout: layout))
    } catch {
      preconditionFailure("a decoded snapshot does not decode again after encoding: \(error)")
    }
    precondition(again == snapshot, "a round trip changed the snapshot")
  }
  return 0
}

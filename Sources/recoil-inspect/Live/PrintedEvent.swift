import RecoilSnapshot

/// An event `live` prints, and, with `--raw`, the line it came in as (with its newline),
/// printed as it is rather than encoded again.
struct PrintedEvent {
  var event: InspectorEvent
  var line: [UInt8]?
}

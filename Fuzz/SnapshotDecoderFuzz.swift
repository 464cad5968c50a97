// libFuzzer target: the snapshot decoder on arbitrary bytes. Built by `Scripts/fuzz snapshot`
// together with the RecoilSnapshot sources (so internal API is at hand), with the address
// sanitizer.
//
// Properties checked on every input, beyond "no crash, no hang":
// - decoding either succeeds or throws a SnapshotError whose position lies inside the text;
// - what decodes re-encodes (pretty and compact) to text that decodes to the same snapshot;
// - what the commands compute from a snapshot's numbers (durations shown by every command,
//   trace's roots, query's sums and reach, diff's ratios, check's limits) never traps, for any
//   number the decoder accepts, up to Int.max (the dictionary holds numbers at the limits).
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
  analyse(snapshot)
  return 0
}

/// Runs the analyses the commands make on `snapshot`; a trap is the failure looked for.
private func analyse(_ snapshot: Snapshot) {
  var shown = 0
  func show(_ nanos: Int?) {
    guard let nanos else { return }
    shown &+= DurationText.format(nanos: nanos).utf8.count &+ DurationText.milliseconds(nanos: nanos).utf8.count
  }
  var wasted = 0
  for node in snapshot.nodes {
    guard let stats = node.evaluations else { continue }
    show(stats.estimatedTotalNanos)
    show(stats.meanNanos)
    show(stats.maxNanos)
    show(stats.lastNanos)
    show(stats.totalNanos)
  }
  for action in snapshot.actions {
    show(action.durationNanos)
    show(action.atNanos)
  }
  let index = TimelineIndex(snapshot)
  for event in index.events {
    show(event.durationNanos)
    show(event.atNanos)
    if event.changed == false { wasted = wasted.addingSaturated(event.durationNanos ?? 0) }
    precondition(index.root(of: event).cause.flatMap { index.event(seq: $0) } == nil, "a root with a known cause")
  }
  show(wasted)
  show(snapshot.elapsedNanos)
  if let first = snapshot.nodes.first { _ = snapshot.dependents(of: first.id) }
  // Against a snapshot of the same graph whose every time is 1 ns, both ways.
  var quiet = snapshot
  for index in quiet.nodes.indices where quiet.nodes[index].evaluations != nil {
    quiet.nodes[index].evaluations = SnapshotEvaluations(
      count: 1, totalNanos: 1, minNanos: 1, maxNanos: 1, lastNanos: 1)
  }
  for difference in [GraphDifference(from: quiet, to: snapshot), GraphDifference(from: snapshot, to: quiet)] {
    shown &+= difference.json().utf8.count
    for timing in difference.timings { shown &+= timing.description.utf8.count }
  }
  var budget = Budget()
  budget.maxNodes = 0
  budget.evaluations = [Budget.EvaluationRule(match: "*", maxCount: 0, maxTotalNanos: 0, maxMeanNanos: 0, maxNanos: 0)]
  budget.actions = [Budget.ActionRule(match: "*", maxNanos: 0)]
  _ = BudgetCheck(budget: budget).check(snapshot)
  precondition(shown >= 0)
}

import RecoilSnapshot

/// How a page numbers timeline entries so that its script, whose numbers are exact only up to
/// 2^53 − 1, tells them apart. A snapshot's entries may be numbered up to `Int.max`; past
/// what a script holds exactly, the page numbers them from 1 and each entry says its own
/// number, `base` plus the page's, as text. Entries rarely number past 2^53 (an app would
/// have to record a billion a second for three months), so almost every page keeps the
/// snapshot's own numbers and is written as it always was.
///
/// ```swift
/// let numbering = PageNumbering(snapshot)
/// let numbered = numbering.renumbered(snapshot)  // the same when numbering.base == 0
/// ```
struct PageNumbering {
  /// The largest whole number a page's script holds exactly (`Number.MAX_SAFE_INTEGER`).
  static let largestExact = (1 << 53) - 1

  /// What the page adds to its numbers to show the snapshot's: 0 for a snapshot whose numbers
  /// it holds exactly, else one less than the first entry's.
  let base: Int
  /// The causes too far from the entries for the page to number (2^53 entries before the
  /// first), by the page's number of the entry they caused: the page only shows them.
  private(set) var farCauses: [Int: Int] = [:]

  /// The numbering of `snapshot`'s page.
  init(_ snapshot: Snapshot) {
    let exact = snapshot.timeline.allSatisfy { event in
      Self.isExact(event.seq) && event.cause.map(Self.isExact) ?? true
    }
    base = exact ? 0 : (snapshot.timeline.first.map { $0.seq &- 1 } ?? 0)
    guard base != 0 else { return }
    for event in snapshot.timeline {
      if let cause = event.cause, pageNumber(of: cause) == nil, let number = pageNumber(of: event.seq) {
        farCauses[number] = cause
      }
    }
  }

  /// The snapshot's number of the entry the page numbers `number`.
  func snapshotNumber(of number: Int) -> Int { number &+ base }

  /// `snapshot` with its entries numbered as the page numbers them; a cause too far before
  /// them for the page to number is left out (see ``farCauses``).
  func renumbered(_ snapshot: Snapshot) -> Snapshot {
    guard base != 0 else { return snapshot }
    var numbered = snapshot
    for index in numbered.timeline.indices {
      numbered.timeline[index].seq = pageNumber(of: numbered.timeline[index].seq) ?? 0
      numbered.timeline[index].cause = numbered.timeline[index].cause.flatMap(pageNumber)
    }
    return numbered
  }

  /// The page's number for the snapshot's entry `seq`, `nil` when the page cannot hold it.
  func pageNumber(of seq: Int) -> Int? {
    let (difference, overflow) = seq.subtractingReportingOverflow(base)
    return overflow || !Self.isExact(difference) ? nil : difference
  }

  private static func isExact(_ number: Int) -> Bool { number.magnitude <= UInt(largestExact) }
}

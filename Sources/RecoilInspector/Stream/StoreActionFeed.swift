import RecoilConcurrency
import RecoilStores

/// The attached stores' actions for the live stream, read from each store's own recording
/// (``RecoilStores/Store/recordedActions(after:limit:)``) by the stream's writer as it goes, like
/// `tail -f` on a file: the store tells nobody of an action, so streaming costs the app nothing
/// per action beyond recording it.
///
/// Each store is followed from the action it had reached when streaming started (or when it
/// was attached while streaming). A store that runs ahead of the writer by more than the
/// stream's capacity has its oldest unread actions skipped and counted as dropped, as a full
/// queue drops events.
///
/// ```swift
/// let feed = StoreActionFeed()
/// feed.follow(stores, fromNow: true)
/// let (records, skipped) = feed.read(stores, limit: 10_000)
/// ```
final class StoreActionFeed: Sendable {
  /// A store as the feed reads it.
  struct Source: Sendable {
    let id: ObjectIdentifier
    /// The store's name in the inspector (which its records are given).
    let name: String
    /// The store's `recordedActions(after:limit:)`; `nil` once the store is gone.
    let tail: @Sendable (_ after: Int?, _ limit: Int) -> ActionTail?
  }

  /// The number of the last action read of each store followed.
  private let cursors = LockedValue([ObjectIdentifier: Int]())

  /// Follows `sources` from their newest actions on: what they did before is not streamed.
  /// A source followed already keeps its place unless `restarting`.
  func follow(_ sources: [Source], restarting: Bool = true) {
    let newest = sources.compactMap { source in source.tail(nil, 0).map { (source.id, $0.newestSequence) } }
    cursors.withLock { cursors in
      for (id, sequence) in newest where restarting || cursors[id] == nil { cursors[id] = sequence }
    }
  }

  /// What the followed stores recorded since the last read, oldest first in each store and
  /// at most `limit` of each (the newest), named as the inspector names the stores; and how
  /// many were skipped. A source not followed yet (attached while streaming, and not seen by
  /// ``follow(_:)``) is followed from now.
  func read(_ sources: [Source], limit: Int) -> (records: [RecordedAction], skipped: Int) {
    var records: [RecordedAction] = []
    var skipped = 0
    let known = cursors.withLock { $0 }
    var moved: [(ObjectIdentifier, Int)] = []
    for source in sources {
      guard let cursor = known[source.id] else {
        follow([source], restarting: false)
        continue
      }
      guard let tail = source.tail(cursor, limit), tail.newestSequence != cursor else { continue }
      skipped += tail.skipped
      for var record in tail.records {
        record.store = source.name
        records.append(record)
      }
      moved.append((source.id, tail.newestSequence))
    }
    let present = Set(sources.map(\.id))
    cursors.withLock { cursors in
      for (id, sequence) in moved { cursors[id] = sequence }
      // A detached store is no longer read. (One followed while this read went on, attached
      // meanwhile, is not among `sources` yet: it keeps its place.)
      cursors = cursors.filter { present.contains($0.key) || known[$0.key] == nil }
    }
    return (records, skipped)
  }

  /// How many of the followed stores' actions the next read would skip with `limit`: what
  /// a stream that is not reading (its listener gone) has lost so far.
  func backlog(_ sources: [Source], beyond limit: Int) -> Int {
    let known = cursors.withLock { $0 }
    var total = 0
    for source in sources {
      guard let cursor = known[source.id], let newest = source.tail(nil, 0)?.newestSequence else { continue }
      total += max(0, newest - cursor - limit)
    }
    return total
  }
}

extension InspectorCore {
  /// The stores' actions read for the live stream as its entries, each action followed by its
  /// notification (put in causal order with the rest by `LiveTimeline`), with their times on the inspector's clock; an action
  /// never recorded is left out, with its notification. Made on the stream's writer thread.
  func liveEntries(of records: [RecordedAction]) -> [(LiveEntry, atNanos: Int)] {
    var entries: [(LiveEntry, atNanos: Int)] = []
    entries.reserveCapacity(records.count * 2)
    for record in records {
      var action = describe(record)
      if !unrecordedActions.isEmpty && unrecordedActions.contains(action.name) { continue }
      let atNanos = action.atNanos ?? 0
      // A snapshot keeps the site on the action's timeline entry; a live event carries it.
      action.site = record.site?.description
      entries.append(
        (LiveEntry(entry: TimelineEntry.action(record, described: action), shape: .action(action)), atNanos))
      if let notification = TimelineEntry.notification(after: record) {
        entries.append((LiveEntry(entry: notification, shape: .step), atNanos + (action.durationNanos ?? 0)))
      }
    }
    return entries
  }
}

/// A store's own record of its latest actions, with the states around them, in a buffer
/// reserved up front.
///
/// Written by the thread processing actions inside the critical section that commits the new
/// state, so recording costs no extra lock and no type erasure: values stay typed until
/// ``Store/recordedActions()`` reads them.
@usableFromInline final class ActionRecorder<State: Sendable, Action: Sendable> {
  @usableFromInline struct Entry {
    @usableFromInline var sequence: Int
    @usableFromInline var action: Action
    @usableFromInline var before: State
    @usableFromInline var after: State
    @usableFromInline var durationNanos: UInt64
    @usableFromInline var atNanos: UInt64

    @inlinable init(
      sequence: Int, action: Action, before: State, after: State, durationNanos: UInt64, atNanos: UInt64
    ) {
      self.sequence = sequence
      self.action = action
      self.before = before
      self.after = after
      self.durationNanos = durationNanos
      self.atNanos = atNanos
    }
  }

  // Only touched under the store's lock.
  @usableFromInline @exclusivity(unchecked) var entries: [Entry] = []
  /// Where the oldest entry is, once the buffer is full.
  @usableFromInline @exclusivity(unchecked) var oldest = 0
  @usableFromInline @exclusivity(unchecked) private(set) var capacity: Int
  @usableFromInline @exclusivity(unchecked) var dropped = 0
  /// How many callers asked for recording; it stops when the last one stops.
  var users = 1

  init(capacity: Int) {
    self.capacity = max(capacity, 1)
    entries.reserveCapacity(self.capacity)
  }

  /// Adds an entry, replacing the oldest when full. Called under the store's lock.
  @inlinable func append(_ entry: Entry) {
    if entries.count < capacity {
      entries.append(entry)
      return
    }
    entries[oldest] = entry
    oldest += 1
    if oldest == capacity { oldest = 0 }
    dropped += 1
  }

  func grow(to newCapacity: Int) {
    guard newCapacity > capacity else { return }
    entries = ordered
    capacity = newCapacity
    entries.reserveCapacity(capacity)
    oldest = 0
  }

  private var ordered: [Entry] {
    Self.ordered(entries, oldest: oldest)
  }

  private static func ordered(_ entries: [Entry], oldest: Int) -> [Entry] {
    oldest == 0 ? entries : Array(entries[oldest...] + entries[..<oldest])
  }

  /// What `recording(store:)` needs, taken under the store's lock: the copy shares the
  /// buffer, so this is cheap.
  struct Contents: @unchecked Sendable {
    // Sendable: the entries hold Sendable states and actions.
    let entries: [Entry]
    let oldest: Int
    let dropped: Int
  }

  var contents: Contents { Contents(entries: entries, oldest: oldest, dropped: dropped) }

  /// The entries, oldest first, in the form observers see; made outside the lock.
  static func recording(of contents: Contents, store: String) -> ActionRecording {
    ActionRecording(
      records: ordered(contents.entries, oldest: contents.oldest).map {
        StoreActionRecord(
          sequence: $0.sequence, store: store, action: $0.action, stateBefore: $0.before, stateAfter: $0.after,
          durationNanos: $0.durationNanos, atNanos: $0.atNanos)
      },
      dropped: contents.dropped)
  }
}

/// What a store recorded of its actions (see ``Store/startRecordingActions(capacity:)``).
///
/// ```swift
/// let recording = store.recordedActions()
/// let slowest = recording.records.max { $0.durationNanos < $1.durationNanos }
/// ```
public struct ActionRecording: Sendable {
  /// The latest actions, oldest first.
  public var records: [StoreActionRecord] = []
  /// How many older actions are no longer kept.
  public var dropped = 0
}

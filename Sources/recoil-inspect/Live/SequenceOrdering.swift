/// Puts live events back in timeline order: an app's threads may hand the stream events a
/// little out of the order they happened, so the last `window` events are held back and
/// released smallest `seq` first. Events without a `seq` keep their place after the events
/// they arrived behind. An in-order stream costs an append and a removal per event, and each
/// event is moved in and out, never copied.
///
/// ```swift
/// var ordering = SequenceOrdering<String>(window: 2)
/// ordering.add("b", seq: 2) { print($0) }   // nothing yet
/// ordering.add("a", seq: 1) { print($0) }   // nothing yet
/// ordering.add("c", seq: 3) { print($0) }   // a
/// ordering.flush { print($0) }              // b, c
/// ```
struct SequenceOrdering<Item> {
  private struct Held {
    var key: Int
    var arrival: Int
    /// Nil once released.
    var item: Item?
  }

  /// Held events in order of (key, arrival), from `head` on.
  private var held: [Held] = []
  private var head = 0
  private var arrivals = 0
  /// The largest `seq` seen: the key of an event without one.
  private var latest = 0
  let window: Int

  init(window: Int) {
    self.window = max(window, 0)
  }

  /// Adds an event, and hands the events now due to `release`, in order.
  mutating func add(_ item: consuming Item, seq: Int?, release: (Item) -> Void) {
    let key = seq ?? latest
    latest = max(latest, key)
    arrivals += 1
    let entry = Held(key: key, arrival: arrivals, item: item)
    // Usually in order: append. Otherwise insert after every held event not later than it.
    if let last = held.last, last.key > key {
      var low = head
      var high = held.count
      while low < high {
        let middle = (low + high) / 2
        if held[middle].key <= key { low = middle + 1 } else { high = middle }
      }
      held.insert(entry, at: low)
    } else {
      held.append(entry)
    }
    while held.count - head > window {
      if let due = held[head].item.take() { release(due) }
      head += 1
    }
    compact()
  }

  /// Releases every held event, in order: the stream is idle or ended.
  mutating func flush(release: (Item) -> Void) {
    for index in head..<held.count {
      if let due = held[index].item.take() { release(due) }
    }
    held.removeAll(keepingCapacity: true)
    head = 0
  }

  /// Drops released slots once they are half the array, so memory stays at the window.
  private mutating func compact() {
    if head > 64 && head * 2 > held.count {
      held.removeFirst(head)
      head = 0
    }
  }
}

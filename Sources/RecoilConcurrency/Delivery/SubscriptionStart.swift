/// Whether a subscription hands over the value it starts from, or only what changes after.
///
/// The atom graph's `subscribe` starts with changes only (a node's value is read with `get`);
/// a store's key-path and selector subscriptions start with the current value, as Redux's
/// `useSelector` and ReSwift's subscribers do. Both take this parameter, so either can do what
/// the other does, and a call says which it means.
///
/// ```swift
/// container.subscribe(Cart.total, starting: .currentThenChanges) { print($0) }
/// store.subscribe(\.user.name, starting: .changesOnly) { print($0) }
/// ```
public enum SubscriptionStart: Sendable, Equatable {
  /// Only the changes after subscribing.
  case changesOnly
  /// The current value at once, then each change.
  case currentThenChanges
}

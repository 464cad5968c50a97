/// How many members of a family a container keeps when nothing uses them (no subscriber, no
/// node reading them): Recoil's `cachePolicy_UNSTABLE` for selector families. A member left
/// out is computed (or loaded) again when next read.
///
/// Families of selectors and of async atoms take one; by default a selector family's member
/// goes with its last subscriber, and an async atom family keeps every member. Recency counts
/// every read through the container (`get`, `value`, `loadable`, `subscribe`) and the making of
/// a member; the policy is applied at the end of an operation that made a member or took a
/// member's last subscriber. A member that a selector reads is in use.
///
/// ```swift
/// static let product = AsyncSelectorFamily(cachePolicy: .lru(50)) { (id: Int, _: AsyncGetter) in
///   try await api.product(id)
/// }
/// ```
public enum FamilyCachePolicy: Sendable, Equatable {
  /// Every member stays until released (``AtomContainer/releaseUnusedMembers(of:)``).
  case keep
  /// The given number of unused members stay, the most recently used; the others go.
  case lru(Int)
  /// Only the most recently used unused member stays (`lru(1)`).
  case mostRecent

  /// How many unused members stay; `nil` for every one.
  var limit: Int? {
    switch self {
    case .keep: nil
    case .lru(let count): max(count, 0)
    case .mostRecent: 1
    }
  }
}

/// The members a container holds of each family that has a ``FamilyCachePolicy``, with when
/// each was last used, to leave out the least recently used unused ones.
///
/// Only family members whose family has a policy are counted here: a read through the
/// container checks a flag on the node (beside its slot cache) and on the slot before it looks
/// anything up.
struct FamilyCaches {
  private struct Family {
    var policy: FamilyCachePolicy
    /// Each member's slot index, and when it was last used.
    var lastUse: [Int32: UInt64] = [:]
  }

  private var families: [String: Family] = [:]
  private var clock: UInt64 = 0

  /// A member was made (or registered again): it is the most recent.
  mutating func added(_ index: Int32, family: String, policy: FamilyCachePolicy) {
    clock &+= 1
    families[family, default: Family(policy: policy)].lastUse[index] = clock
  }

  /// A member was read through the container.
  mutating func used(_ index: Int32, family: String) {
    guard families[family]?.lastUse[index] != nil else { return }
    clock &+= 1
    families[family]?.lastUse[index] = clock
  }

  /// A member went away.
  mutating func removed(_ index: Int32, family: String) {
    families[family]?.lastUse[index] = nil
  }

  /// The members of `family` to leave out: the least recently used of those `isUnused` says
  /// nothing uses, beyond the number its policy keeps. `sparing` is never one of them.
  func surplus(of family: String, sparing: Int32?, isUnused: (Int32) -> Bool) -> [Int32] {
    guard let cached = families[family], let limit = cached.policy.limit else { return [] }
    let unused = cached.lastUse.filter { $0.key != sparing && isUnused($0.key) }
    guard unused.count > limit else { return [] }
    return unused.sorted { $0.value < $1.value }.prefix(unused.count - limit).map(\.key)
  }
}

/// One question's answers by type, found once per type, with the last type asked kept apart:
/// describing values asks about the same type value after value, and the last answer spares
/// hashing its identifier.
///
/// ```swift
/// var equalities = TypeMemo<((Any, Any) -> Bool)?>()
/// let equality = equalities.answer(for: ObjectIdentifier(Int.self)) { { ($0 as? Int) == ($1 as? Int) } }
/// ```
struct TypeMemo<Answer> {
  private var answers: [ObjectIdentifier: Answer] = [:]
  private var last: (type: ObjectIdentifier, answer: Answer)?

  /// The answer for `type`: `find`'s, the first time it is asked.
  mutating func answer(for type: ObjectIdentifier, _ find: () -> Answer) -> Answer {
    if let last, last.type == type { return last.answer }
    let found: Answer
    if let known = answers[type] {
      found = known
    } else {
      found = find()
      answers[type] = found
    }
    last = (type, found)
    return found
  }
}

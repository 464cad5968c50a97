extension Optional {
  /// A required member's value as read (null counts as absent), noting in `seen` whether it was
  /// there; `fallback` stands in until the decoder reports the missing member.
  ///
  /// ```swift
  /// case "seq": action.seq = try reader.count().noting(presenceIn: &hasSeq, else: 0)
  /// // later: guard hasSeq else { throw reader.missing("seq", objectStart: start) }
  /// ```
  func noting(presenceIn seen: inout Bool, else fallback: Wrapped) -> Wrapped {
    seen = self != nil
    return self ?? fallback
  }
}

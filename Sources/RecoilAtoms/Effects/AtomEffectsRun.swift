import RecoilConcurrency

/// The effects of one atom in one container, once started: their contexts and cleanups. The
/// container keeps one per atom with effects, by slot, to tell the effects of changes and to
/// clean them up when the atom is released.
protocol AtomEffectsRun: AnyObject, Sendable {
  /// Tells every effect but `writer` of a change of the atom.
  func changed(from old: any Sendable, to new: any Sendable, isReset: Bool, writer: ObjectIdentifier?)
  /// Ends the effects, under the container's lock, as the atom is released: what they write or
  /// report from now on is ignored, so an effect still running (a socket's last message, say)
  /// does not bring the atom back and start its effects again.
  func end()
  /// Runs the cleanups, once.
  func cleanUp()
}

/// ``AtomEffectsRun`` for an atom of `Value`.
final class TypedEffectsRun<Value: Sendable>: AtomEffectsRun {
  let contexts: [AtomEffectContext<Value>]
  private let cleanups: LockedValue<[@Sendable () -> Void]>

  init(contexts: [AtomEffectContext<Value>], cleanups: [@Sendable () -> Void]) {
    self.contexts = contexts
    self.cleanups = LockedValue(cleanups)
  }

  func changed(from old: any Sendable, to new: any Sendable, isReset: Bool, writer: ObjectIdentifier?) {
    for context in contexts where ObjectIdentifier(context) != writer {
      context.changed(from: old, to: new, isReset: isReset)
    }
  }

  func end() {
    for context in contexts { context.end() }
  }

  func cleanUp() {
    let cleanups = self.cleanups.withLock { cleanups in
      defer { cleanups = [] }
      return cleanups
    }
    for cleanup in cleanups { cleanup() }
  }
}

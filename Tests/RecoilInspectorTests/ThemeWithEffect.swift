import RecoilAtoms
import Synchronization

/// An atom `theme` whose effect "load theme" gives it "dark", reports a failure and keeps its
/// context, so that a test can write through the effect later: the atom effect the causal
/// timeline and the live stream are tested with.
///
/// ```swift
/// let theme = ThemeWithEffect()
/// _ = try container.get(theme.atom)              // "dark": the effect started
/// try #require(theme.context).setSelf("sepia")   // a later write by the effect
/// ```
final class ThemeWithEffect: Sendable {
  struct Unreadable: Error {}

  /// The effects' contexts, kept apart from the atom that captures them.
  private final class Contexts: Sendable {
    let list = Mutex<[AtomEffectContext<String>]>([])
  }

  let atom: Atom<String>
  private let contexts: Contexts

  init() {
    let contexts = Contexts()
    self.contexts = contexts
    atom = Atom(
      "light", key: "theme",
      effects: [
        AtomEffect("load theme") { context in
          context.setSelf("dark")
          context.report(Unreadable())
          contexts.list.withLock { $0.append(context) }
          return nil
        }
      ])
  }

  /// The context of the effect's first run, once it has started.
  var context: AtomEffectContext<String>? { contexts.list.withLock { $0.first } }
}

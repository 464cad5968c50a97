import RecoilConcurrency
import Synchronization

/// What an ``AtomEffect`` is given: its atom, and the ways to set it, hear it change and read
/// other nodes. It stays usable after the effect returned, from any thread or task.
///
/// ```swift
/// AtomEffect<String>("sync") { context in
///   context.onSet { new, _, isReset in server.save(new, deleting: isReset) }
///   Task { context.setSelf(try await server.load()) }
///   return nil
/// }
/// ```
public final class AtomEffectContext<Value: Sendable>: Sendable {
  /// A change of the atom, as ``onSet(_:)`` handlers hear it; what a handler throws is
  /// reported as the effect's failure.
  public typealias Change = @Sendable (_ newValue: Value, _ oldValue: Value, _ isReset: Bool) throws -> Void

  /// The atom's identity.
  public let node: NodeKey
  /// The effect's name.
  public let name: String
  let atom: Atom<Value>
  private weak let container: AtomContainer?
  /// The effect's start in the causal order: what it does names it as its cause.
  let startOrder: UInt64

  private struct State {
    /// Set while the effect runs for the first time, under the container's lock.
    var isStarting = true
    /// Set as the atom is released (see ``AtomEffectsRun/end()``).
    var hasEnded = false
    /// What `setSelf` or `resetSelf` asked for while starting.
    var initial: Initial = .untouched
    var handlers: [Change] = []
    /// Errors reported while starting, delivered once the effect returned.
    var errors: [any Error] = []
  }

  enum Initial {
    case untouched
    case value(Value, CallSite)
    case reset
  }

  private let state = Mutex(State())

  init(atom: Atom<Value>, container: AtomContainer?, name: String, startOrder: UInt64) {
    self.atom = atom
    self.node = atom.key
    self.container = container
    self.name = name
    self.startOrder = startOrder
  }

  /// Sets the atom. While the effect first runs this is its initial value (the value the
  /// first read sees, with no change reported); later it is an ordinary write, which the
  /// inspector's timeline shows as caused by this effect, and which this effect's own
  /// ``onSet(_:)`` handlers do not hear.
  ///
  /// ```swift
  /// context.setSelf(savedValue)
  /// ```
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - file: Where it is set, for the inspector's trace; filled in by the compiler.
  ///   - line: Where it is set; filled in by the compiler.
  public func setSelf(_ value: Value, file: StaticString = #fileID, line: UInt = #line) {
    let site = CallSite(file: file, line: line)
    let starting = state.withLock { state in
      guard state.isStarting else { return false }
      state.initial = .value(value, site)
      return true
    }
    guard !starting else { return }
    container?.writeFromEffect(self, .value(value, site))
  }

  /// Resets the atom to its default; while the effect first runs, undoes an earlier
  /// ``setSelf(_:file:line:)``.
  ///
  /// ```swift
  /// context.resetSelf()
  /// ```
  public func resetSelf() {
    let starting = state.withLock { state in
      guard state.isStarting else { return false }
      state.initial = .reset
      return true
    }
    guard !starting else { return }
    container?.writeFromEffect(self, .reset)
  }

  /// Calls `handler` after each change of the atom, except the changes this effect makes:
  /// with the new value, the old one, and whether it was a reset. A handler that throws is
  /// reported as the effect's failure (see ``AtomEffect``); the change stands, and the handler
  /// hears the next one.
  ///
  /// ```swift
  /// context.onSet { new, old, isReset in print(old, "->", new, isReset ? "(reset)" : "") }
  /// ```
  ///
  /// - Parameter handler: The handler, called on the thread that made the change, after the
  ///   container's lock is released.
  public func onSet(_ handler: @escaping Change) {
    state.withLock { $0.handlers.append(handler) }
  }

  /// Waits for another node's value, as Recoil's `getPromise`. Call it from a task: while the
  /// effect first runs it holds the container's lock.
  ///
  /// ```swift
  /// Task { context.setSelf(try await context.value(Settings.defaultTheme)) }
  /// ```
  ///
  /// - Parameter other: Any node of the container.
  /// - Returns: Its value.
  /// - Throws: Its error, `CancellationError`, or ``AtomError/containerReleased`` when the
  ///   container is gone.
  public func value<Other>(_ other: Node<Other>) async throws -> Other {
    guard let container else { throw AtomError.containerReleased }
    return try await container.value(other)
  }

  /// Reports a failure (an unreadable saved value, say) to the container's observers, and so
  /// to the inspector; the atom keeps its value.
  ///
  /// ```swift
  /// context.report(error)
  /// ```
  ///
  /// - Parameter error: What went wrong.
  public func report(_ error: any Error) {
    let starting = state.withLock { state in
      guard state.isStarting else { return false }
      state.errors.append(error)
      return true
    }
    guard !starting else { return }
    container?.reportEffectError(self, error, phase: .reported)
  }

  /// Whether the atom was released since: its writes and reports are then ignored.
  var hasEnded: Bool { state.withLock { $0.hasEnded } }

  /// Marks the effect ended, as the atom is released.
  func end() {
    state.withLock { $0.hasEnded = true }
  }

  /// Ends the first run: what it asked for, for the container to apply under its lock.
  func finishStarting() -> (initial: Initial, errors: [any Error]) {
    state.withLock { state in
      state.isStarting = false
      defer { state.errors = [] }
      return (state.initial, state.errors)
    }
  }

  /// Tells the handlers of a change this effect did not make; reports what they throw.
  func changed(from old: any Sendable, to new: any Sendable, isReset: Bool) {
    guard let old = old as? Value, let new = new as? Value else { return }
    for handler in state.withLock({ $0.handlers }) {
      do {
        try handler(new, old, isReset)
      } catch {
        container?.reportEffectError(self, error, phase: .onSet)
      }
    }
  }
}

import Dispatch
import Foundation
import Synchronization

extension AtomEffect where Value: Codable {
  /// Keeps the atom's value in a JSON file: the file's value when the atom is first used, and
  /// each change saved, atomically, at most once per `debounce`. A missing file gives the
  /// default; an unreadable one gives the default too, and reports
  /// ``AtomPersistenceError/unreadable(_:underlying:)`` to the container's observers (the
  /// inspector shows it), never a crash. A reset removes the file. What is waiting is saved
  /// when the atom is released or its container goes away.
  ///
  /// ```swift
  /// static let theme = Atom("light", key: "Settings.theme", effects: [.persisted(in: directory.appending(path: "theme.json"))])
  /// static let draft = AtomFamily(effects: { (id: Int) in [.persisted(in: drafts.appending(path: "\(id).json"))] }) { _ in "" }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file; its directory must exist.
  ///   - debounce: How long to wait after a change before saving; later changes in the
  ///     meantime are saved together.
  /// - Returns: The effect.
  public static func persisted(in url: URL, debounce: Duration = .milliseconds(100)) -> AtomEffect {
    persisted(using: JSONFilePersistence(url), debounce: debounce)
  }

  /// Keeps the atom's value, encoded as JSON, wherever `store` keeps it (see
  /// ``persisted(in:debounce:)``).
  ///
  /// ```swift
  /// static let theme = Atom("light", effects: [.persisted(using: JSONFilePersistence(url))])
  /// ```
  ///
  /// - Parameters:
  ///   - store: Where the value is kept.
  ///   - debounce: How long to wait after a change before saving.
  /// - Returns: The effect.
  public static func persisted(using store: some AtomPersistence, debounce: Duration = .milliseconds(100))
    -> AtomEffect
  {
    AtomEffect("persisted in \(store.description)") { context in
      do {
        if let data = try store.load() { context.setSelf(try JSONDecoder().decode(Value.self, from: data)) }
      } catch {
        context.report(AtomPersistenceError.unreadable(store.description, underlying: String(describing: error)))
      }
      let saver = DebouncedSave(store: store, delay: debounce) { context.report($0) }
      context.onSet { newValue, _, isReset in
        guard !isReset else { return saver.schedule(.remove) }
        do {
          saver.schedule(.save(try JSONEncoder().encode(newValue)))
        } catch {
          context.report(AtomPersistenceError.unwritable(store.description, underlying: String(describing: error)))
        }
      }
      return { saver.flush() }
    }
  }
}

/// Saves the latest of a run of changes once the run pauses: the first change starts a timer,
/// later ones replace what waits, and the timer saves what is waiting then. Saves happen one
/// at a time, in order, on a queue of their own.
final class DebouncedSave: Sendable {
  enum Pending: Sendable {
    case save(Data)
    case remove
  }

  private let store: any AtomPersistence
  private let delay: Duration
  private let report: @Sendable (any Error) -> Void
  private let pending = Mutex<Pending?>(nil)
  private let queue = DispatchQueue(label: "recoil.atom-persistence")

  init(store: any AtomPersistence, delay: Duration, report: @escaping @Sendable (any Error) -> Void) {
    self.store = store
    self.delay = delay
    self.report = report
  }

  /// Waits to save `change`, in place of what was waiting.
  func schedule(_ change: Pending) {
    let startsRun = pending.withLock { waiting in
      defer { waiting = change }
      return waiting == nil
    }
    guard startsRun else { return }
    let (seconds, attoseconds) = delay.components
    let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in save() }
  }

  /// Saves what is waiting now, and waits for it to be saved.
  func flush() {
    queue.sync { save() }
  }

  private func save() {
    guard
      let change = pending.withLock({ waiting in
        defer { waiting = nil }
        return waiting
      })
    else { return }
    do {
      switch change {
      case .save(let data): try store.save(data)
      case .remove: try store.remove()
      }
    } catch {
      report(AtomPersistenceError.unwritable(store.description, underlying: String(describing: error)))
    }
  }
}

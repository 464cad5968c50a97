import Foundation
import RecoilAtoms

/// The shopper's preferences: atoms kept on disk by a persistence effect, so they survive the
/// session.
enum Preferences {
  /// Where the session keeps its preference files: each session binds its own folder (see
  /// `CartScenario.run`), so that every session starts from the defaults.
  @TaskLocal static var directory = FileManager.default.temporaryDirectory

  /// Whether the catalogue lists the cheapest products first; kept in `sort-by-price.json`.
  static let sortByPrice = Atom(false, key: "Preferences.sortByPrice", effects: [persisted("sort-by-price.json")])

  /// An effect made of another: the JSON file persistence, in the folder of the session that
  /// first uses the atom.
  static func persisted<Value: Codable & Sendable>(_ name: String) -> AtomEffect<Value> {
    AtomEffect("persisted in preferences/\(name)") { context in
      try AtomEffect<Value>.persisted(in: directory.appending(path: name))(context)
    }
  }
}

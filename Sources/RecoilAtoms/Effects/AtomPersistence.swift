import Foundation

/// Where a persisted atom keeps its encoded value: a JSON file (``JSONFilePersistence``), user
/// defaults on Apple platforms (`UserDefaultsPersistence`), or anything that can load, save
/// and remove bytes. See ``AtomEffect/persisted(using:debounce:)``.
///
/// ```swift
/// struct MemoryPersistence: AtomPersistence {
///   let box = Box<Data?>(nil)
///   var description: String { "memory" }
///   func load() throws -> Data? { box.value }
///   func save(_ data: Data) throws { box.value = data }
///   func remove() throws { box.value = nil }
/// }
/// ```
public protocol AtomPersistence: Sendable, CustomStringConvertible {
  /// The saved bytes, or `nil` when nothing is saved.
  func load() throws -> Data?
  /// Saves bytes in place of what was saved.
  func save(_ data: Data) throws
  /// Forgets what was saved, so that the atom starts from its default.
  func remove() throws
}

/// An atom's value in a JSON file. Saving is atomic: the file is written beside its place and
/// renamed over it, so a reader sees the old file or the new one, never half of one.
///
/// ```swift
/// let file = JSONFilePersistence(URL(filePath: "settings.json"))
/// ```
public struct JSONFilePersistence: AtomPersistence {
  /// The file.
  public let url: URL

  /// Keeps a value in `url`.
  ///
  /// ```swift
  /// let file = JSONFilePersistence(directory.appending(path: "theme.json"))
  /// ```
  ///
  /// - Parameter url: The file; its directory must exist.
  public init(_ url: URL) {
    self.url = url
  }

  /// The file's path.
  public var description: String { url.path(percentEncoded: false) }

  public func load() throws -> Data? {
    do {
      return try Data(contentsOf: url)
    } catch CocoaError.fileReadNoSuchFile {
      return nil
    } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
      return nil
    }
  }

  public func save(_ data: Data) throws {
    try data.write(to: url, options: .atomic)
  }

  public func remove() throws {
    do {
      try FileManager.default.removeItem(at: url)
    } catch CocoaError.fileNoSuchFile {
      // Nothing was saved.
    }
  }
}

#if canImport(Darwin)
  /// An atom's value in user defaults, under a key (Apple platforms only;
  /// `Scripts/check-apple-adapters` compiles and tests it on Linux too).
  ///
  /// ```swift
  /// static let theme = Atom("light", effects: [.persisted(using: UserDefaultsPersistence(key: "theme"))])
  /// ```
  public struct UserDefaultsPersistence: AtomPersistence, @unchecked Sendable {
    // Sendable: UserDefaults is thread-safe.
    /// The defaults.
    public let defaults: UserDefaults
    /// The key.
    public let key: String

    /// Keeps a value in `defaults` under `key`.
    ///
    /// ```swift
    /// let stored = UserDefaultsPersistence(key: "theme")
    /// ```
    ///
    /// - Parameters:
    ///   - defaults: The defaults; the standard ones unless given.
    ///   - key: The key.
    public init(_ defaults: UserDefaults = .standard, key: String) {
      self.defaults = defaults
      self.key = key
    }

    public var description: String { "UserDefaults[\(key)]" }
    public func load() throws -> Data? { defaults.data(forKey: key) }
    public func save(_ data: Data) throws { defaults.set(data, forKey: key) }
    public func remove() throws { defaults.removeObject(forKey: key) }
  }
#endif

/// A persisted value could not be read or written.
///
/// ```swift
/// if case .unreadable(let place, _) = error { print("ignored the saved value in", place) }
/// ```
public enum AtomPersistenceError: Error, Sendable, CustomStringConvertible {
  /// The saved value could not be loaded or decoded; the atom kept its default.
  case unreadable(String, underlying: String)
  /// The value could not be encoded or saved.
  case unwritable(String, underlying: String)

  public var description: String {
    switch self {
    case .unreadable(let place, let underlying): "could not read the saved value in \(place): \(underlying)"
    case .unwritable(let place, let underlying): "could not save the value in \(place): \(underlying)"
    }
  }
}

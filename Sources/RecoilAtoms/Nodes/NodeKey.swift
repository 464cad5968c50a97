/// The identity of a node: a readable name plus, for family members, the parameter.
///
/// By default the name comes from where the node is declared, and the declaration site (file
/// and line) keeps two nodes apart even when their names match; identity never rests on hash
/// values alone. Swift names the property only for computed properties and functions
/// (`static var total: Selector<Int> { … }` in `CartState.swift` is `CartState.total`); for a
/// `static let` it names the enclosing type, giving `CartState#12` (type and line). Pass
/// `key:` for a name that stays the same when the file is edited.
///
/// ```swift
/// let key = NodeKey(name: "Catalog.product", parameter: 42)
/// print(key)  // Catalog.product(42)
/// ```
public struct NodeKey: Hashable, Sendable, CustomStringConvertible {
  /// The parts of a key, shared by its copies. Keys are copied into every event and looked up
  /// in tables; held by reference, a copy is one retain, and the hash is computed once.
  private final class Parts: Sendable {
    let name: String
    let site: String?
    /// Boxed: only family members have one, and inline it would triple the size of every key.
    let parameterBox: ParameterBox?
    let hash: Int

    init(name: String, site: String?, parameter: AnyHashableSendable?) {
      self.name = name
      self.site = site
      self.parameterBox = parameter.map(ParameterBox.init)
      var hasher = Hasher()
      hasher.combine(name)
      hasher.combine(site)
      hasher.combine(parameter)
      hash = hasher.finalize()
    }
  }

  private let parts: Parts

  /// The readable name, such as `CartState.total`.
  public var name: String { parts.name }
  /// Where the node was declared (`Module/File.swift:12`), when the name was derived from it.
  public var site: String? { parts.site }
  /// The family parameter of a family member.
  public var parameter: AnyHashableSendable? { parts.parameterBox?.value }

  private final class ParameterBox: Sendable {
    let value: AnyHashableSendable
    init(_ value: AnyHashableSendable) { self.value = value }
  }

  public static func == (lhs: NodeKey, rhs: NodeKey) -> Bool {
    if lhs.parts === rhs.parts { return true }
    return lhs.parts.hash == rhs.parts.hash && lhs.name == rhs.name && lhs.site == rhs.site
      && lhs.parameter == rhs.parameter
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(parts.hash)
  }

  /// Creates a key from an explicit name.
  ///
  /// ```swift
  /// let key = NodeKey(name: "settings.theme")
  /// ```
  ///
  /// - Parameters:
  ///   - name: A name unique within a container.
  ///   - parameter: The family parameter, for family members.
  public init(name: String, parameter: (any Hashable & Sendable)? = nil) {
    parts = Parts(name: name, site: nil, parameter: parameter.map(AnyHashableSendable.init))
  }

  init(name: String, site: String?, parameter: AnyHashableSendable?) {
    parts = Parts(name: name, site: site, parameter: parameter)
  }

  /// A key derived from the declaration site: the file's name and the declaring property.
  @usableFromInline static func _declared(key: String?, fileID: String, function: String, line: Int) -> NodeKey {
    if let key { return NodeKey(name: key) }
    let file =
      fileID.split(separator: "/").last.map { $0.hasSuffix(".swift") ? String($0.dropLast(6)) : String($0) } ?? fileID
    let property = function.firstIndex(of: "(").map { String(function[..<$0]) } ?? function
    let site = "\(fileID):\(line)"
    // In a stored property's initializer `#function` is the enclosing type's name.
    if let first = property.first, first.isUppercase {
      return NodeKey(name: "\(property)#\(line)", site: site, parameter: nil)
    }
    return NodeKey(name: "\(file).\(property)", site: site, parameter: nil)
  }

  /// `name` or `name(parameter)`.
  public var description: String {
    guard let parameter else { return name }
    return "\(name)(\(parameter.description))"
  }
}

/// A type-erased `Hashable & Sendable` value, used for family parameters.
///
/// ```swift
/// let parameter = AnyHashableSendable(7)
/// ```
public struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  /// The wrapped value.
  public let base: any Hashable & Sendable

  /// Wraps a value.
  ///
  /// ```swift
  /// let parameter = AnyHashableSendable("sku-1")
  /// ```
  ///
  /// - Parameter base: The value.
  public init(_ base: any Hashable & Sendable) {
    self.base = base
  }

  public static func == (lhs: AnyHashableSendable, rhs: AnyHashableSendable) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }

  /// The parameter as written in node ids: strings quoted, other values described.
  public var description: String {
    if let string = base as? String { return "\"\(string)\"" }
    return String(describing: base)
  }
}

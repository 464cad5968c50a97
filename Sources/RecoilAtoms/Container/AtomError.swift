/// Errors the atom graph itself reports.
///
/// ```swift
/// do {
///   _ = try container.get(Loop.a)
/// } catch AtomError.cycle(let path) {
///   print(path.joined(separator: " -> "))  // Loop.a -> Loop.b -> Loop.a
/// }
/// ```
public enum AtomError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Selectors read each other in a cycle; the path names each node in order, ending where it
  /// started.
  case cycle([String])
  /// A synchronous read found an asynchronous node still loading (its id, when known).
  case loading(String?)
  /// A node was written that cannot be written (a read-only selector).
  case notWritable(String)
  /// An atom effect read a node after its container was released.
  case containerReleased

  /// A one-line description.
  public var description: String {
    switch self {
    case .cycle(let path): "dependency cycle: \(path.joined(separator: " -> "))"
    case .loading(let id): id.map { "\($0) is still loading" } ?? "the value is still loading"
    case .notWritable(let id): "\(id) is read-only"
    case .containerReleased: "the container was released"
    }
  }
}

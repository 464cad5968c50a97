/// Why a snapshot could not be rendered.
///
/// ```swift
/// do {
///   _ = try Renderer.render(snapshot, options: options)
/// } catch .unknownFocus(let id) {
///   print("no node \(id)")
/// }
/// ```
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--focus` names a node that is not in the snapshot.
  case unknownFocus(String)
  /// An exclude pattern is not a valid glob.
  case invalidPattern(String, reason: String)
  /// Graphviz reported an error; the message is Graphviz's own.
  case graphviz(String)
  /// An `--expand` pattern is not a valid glob.
  case invalidExpandPattern(String, reason: String)
  /// An `--expand` pattern matches no node and no group.
  case expandMatchesNothing(String)
  /// A process laying out a report's neighbourhoods (see `RenderOptions.layoutWorkers`)
  /// could not be started, failed, or answered what cannot be read.
  case layoutWorker(String)

  /// A one-line description.
  public var description: String {
    switch self {
    case .unknownFocus(let id): "focus node \"\(id)\" is not in the snapshot"
    case .invalidPattern(let pattern, let reason): "invalid exclude pattern \"\(pattern)\": \(reason)"
    case .graphviz(let message): "Graphviz: \(message)"
    case .invalidExpandPattern(let pattern, let reason): "invalid expand pattern \"\(pattern)\": \(reason)"
    case .expandMatchesNothing(let pattern): "--expand \"\(pattern)\" matches no node and no group"
    case .layoutWorker(let message): message
    }
  }
}

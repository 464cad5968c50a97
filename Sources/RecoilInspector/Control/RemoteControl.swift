import Dispatch
import RecoilSnapshot

/// Whether, and what, `recoil-inspect` may change in the running app: off unless the app says
/// so (``InspectorConfiguration/remoteControl``).
///
/// Requests come over the live stream's connection, the one the app opened to
/// `recoil-inspect live` (the app never listens). Each one allowed is done on ``queue``,
/// becomes an entry of kind `control` in the causal timeline, and is answered; one
/// not allowed is refused with a message and changes nothing. Values and actions are decoded
/// by their own `Decodable` conformance (an atom whose value is not `Decodable` cannot be set
/// from the tool); nothing in a request is evaluated.
///
/// While the app is jumped to an earlier step, the actions it dispatches are held in their
/// stores' queues, in order, and processed on `resume`; atoms it writes meanwhile get their
/// present values back on `resume`. When the live stream loses its listener (or stops), a
/// jumped app resumes by itself: it is never left holding for a tool that went away.
///
/// ```swift
/// var configuration = InspectorConfiguration()
/// configuration.remoteControl = .everything                  // a debug build
/// configuration.remoteControl = RemoteControl(allowing: [.set, .stub], on: .main)
/// ```
public struct RemoteControl: Sendable {
  /// An operation the tool may ask for.
  public typealias Operation = ControlRequest.Operation

  /// The operations allowed; `resume` is allowed with `jump`, `unstub` with `stub`, and
  /// `actions` with `dispatch`.
  public var allowed: Set<Operation>
  /// Where requests are carried out: a serial queue of the inspector's own by default, or the
  /// main queue for an app whose state is read on the main thread.
  public var queue: DispatchQueue

  /// Allows `operations`, carried out on `queue`.
  ///
  /// ```swift
  /// let control = RemoteControl(allowing: [.set, .reset, .dispatch])
  /// ```
  ///
  /// - Parameters:
  ///   - operations: What the tool may do.
  ///   - queue: Where requests are carried out.
  public init(allowing operations: Set<Operation>, on queue: DispatchQueue? = nil) {
    var allowed = operations
    if allowed.contains(.jump) { allowed.insert(.resume) }
    if allowed.contains(.stub) { allowed.insert(.unstub) }
    // Only what a dispatch would need to know, and changes nothing.
    if allowed.contains(.dispatch) { allowed.insert(.actions) }
    self.allowed = allowed
    self.queue = queue ?? DispatchQueue(label: "recoil-inspector.control")
  }

  /// Nothing may be changed from the tool: every request is refused. The default.
  ///
  /// ```swift
  /// configuration.remoteControl = .off
  /// ```
  public static var off: RemoteControl { RemoteControl(allowing: []) }

  /// Every operation is allowed, carried out on the inspector's own queue.
  ///
  /// ```swift
  /// #if DEBUG
  ///   configuration.remoteControl = .everything
  /// #endif
  /// ```
  public static var everything: RemoteControl { RemoteControl(allowing: Set(Operation.allCases)) }
}

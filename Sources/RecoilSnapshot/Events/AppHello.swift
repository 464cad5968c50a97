/// The first event of each connection of an app's live stream: which app is speaking, so that
/// a listener that hears several apps, or the same app again after a restart, can tell them
/// apart.
///
/// The instance is stable for the life of the process and differs between processes: an app
/// that restarts comes back as a new instance of the same app.
///
/// ```swift
/// let hello = AppHello(app: "CartDemo", processID: 4242, instance: "6F1C…", version: "0.1.0")
/// ```
public struct AppHello: Sendable, Equatable {
  /// The app's name (the inspector configuration's `appName`, by default the process's name).
  public var app: String
  /// The app's process id.
  public var processID: Int
  /// A random id made once per process.
  public var instance: String
  /// The version of the package the app's inspector was built from.
  public var version: String
  /// The token a listener on another machine asked for (`InspectorConfiguration.streamToken`),
  /// sent only over a TCP connection; the listener checks it and forgets it.
  public var token: String?

  /// Creates a hello.
  ///
  /// ```swift
  /// let hello = AppHello(app: "CartDemo", processID: 4242, instance: "a1b2", version: "0.1.0")
  /// ```
  ///
  /// - Parameters:
  ///   - app: The app's name.
  ///   - processID: Its process id.
  ///   - instance: The process's random id.
  ///   - version: The package's version.
  ///   - token: The token a listener on another machine asked for.
  public init(app: String, processID: Int, instance: String, version: String, token: String? = nil) {
    self.app = app
    self.processID = processID
    self.instance = instance
    self.version = version
    self.token = token
  }
}

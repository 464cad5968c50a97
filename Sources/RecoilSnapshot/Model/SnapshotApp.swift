/// The process a snapshot was taken in: the app's name, its process id and the random id made
/// once per process (the live stream's hello says the same), so that traces exported from the
/// snapshot name the instance they came from.
///
/// ```swift
/// let app = SnapshotApp(name: "CartDemo", processID: 4242, instance: "6f1c0d2e-…")
/// ```
public struct SnapshotApp: Sendable, Equatable {
  /// The app's name (the inspector configuration's `appName`).
  public var name: String
  /// The process id.
  public var processID: Int?
  /// A random id made once per process: stable while it runs, another after a restart.
  public var instance: String?

  /// Creates an app's description.
  ///
  /// ```swift
  /// let app = SnapshotApp(name: "CartDemo")
  /// ```
  ///
  /// - Parameters:
  ///   - name: The app's name.
  ///   - processID: Its process id.
  ///   - instance: The process's random id.
  public init(name: String, processID: Int? = nil, instance: String? = nil) {
    self.name = name
    self.processID = processID
    self.instance = instance
  }
}

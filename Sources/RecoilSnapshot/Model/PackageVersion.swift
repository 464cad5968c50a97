/// The version of this package, as the command line's `--version` prints it and an app's
/// live stream announces it (``AppHello/version``).
///
/// ```swift
/// print(PackageVersion.current)  // "0.1.0"
/// ```
public enum PackageVersion {
  /// The version, `major.minor.patch`.
  public static let current = "0.1.0"
}

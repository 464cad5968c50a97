import RecoilSnapshot

extension AppHello {
  /// The most characters of an app's name shown: any process on the machine may connect and
  /// say it is called anything, and the name prefixes every line of `live` with several apps.
  static let shownNameLimit = 60

  /// How the tool names the app in the terminal and on the page: its name, cut, and its
  /// process id, as `cart-demo 48213`.
  ///
  /// ```swift
  /// AppHello(app: "cart-demo", processID: 48213, instance: "i", version: "1").shownName  // "cart-demo 48213"
  /// ```
  var shownName: String { "\(TextPreview.cut(app, limit: Self.shownNameLimit)) \(processID)" }
}

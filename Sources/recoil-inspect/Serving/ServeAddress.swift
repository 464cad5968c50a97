/// `--serve [ADDRESS:PORT]`, of `live` and `report`: where the page's server listens,
/// 127.0.0.1 and a free port unless given.
///
/// ```swift
/// let address = try ServeAddress(arguments)  // nil without --serve
/// address?.exposure  // for 0.0.0.0:8080: "serving on 0.0.0.0: the page shows app state to anyone…"
/// ```
struct ServeAddress: Equatable, Sendable {
  var host: String
  var port: UInt16

  /// `--serve`'s address, or `nil` when it is not given.
  init?(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.has("serve") else { return nil }
    let text = arguments.value("serve") ?? "127.0.0.1:0"
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
      throw .invalidValue(option: "--serve", value: text, expected: "ADDRESS:PORT, such as 127.0.0.1:8080")
    }
    host = String(text[..<colon])
    self.port = port
  }

  /// What to warn of when the page can be reached from elsewhere; `nil` when only this
  /// machine can reach it.
  var exposure: String? {
    ["127.0.0.1", "localhost"].contains(host)
      ? nil
      : "serving on \(host): the page shows app state to anyone who can reach it with the token"
  }
}

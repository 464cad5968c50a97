/// `--max-input-bytes`: how large an input file (or standard input) may be before a command
/// refuses it, for every command that reads snapshots or budgets.
///
/// ```swift
/// let limit = try InputLimit(arguments)   // 1 GiB unless --max-input-bytes says otherwise
/// ```
struct InputLimit: Sendable, Equatable {
  /// 1 GiB: thirty times the largest snapshot the benchmarks write, and little enough that
  /// `/dev/zero` given as a snapshot is refused within seconds.
  static let defaultBytes = 1 << 30

  static let option = OptionSpec.option(
    "max-input-bytes", value: "n", help: "Refuse a larger input (default 1073741824, 1 GiB).")

  var bytes: Int

  init(bytes: Int = defaultBytes) { self.bytes = bytes }

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let text = arguments.value("max-input-bytes") else {
      self.init()
      return
    }
    guard let value = Int(text), value > 0 else {
      throw .invalidValue(option: "--max-input-bytes", value: text, expected: "a positive number of bytes")
    }
    self.init(bytes: value)
  }
}

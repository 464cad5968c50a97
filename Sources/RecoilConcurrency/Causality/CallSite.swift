/// Where in the app's code an operation was asked for: the file and line of a `dispatch` or a
/// `set`, filled in by `#fileID` and `#line` default arguments, so it costs nothing at run time.
///
/// ```swift
/// func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
///   let site = CallSite(file: file, line: line)
///   print(site)  // "CartDemo/CartScenario.swift:42"
/// }
/// ```
public struct CallSite: Sendable, Hashable, CustomStringConvertible {
  /// The file, as `#fileID` gives it: `Module/File.swift`.
  public let file: StaticString
  /// The line.
  public let line: UInt

  /// Names a place in the code.
  ///
  /// ```swift
  /// let site = CallSite(file: #fileID, line: #line)
  /// ```
  ///
  /// - Parameters:
  ///   - file: The file, as `#fileID` gives it.
  ///   - line: The line.
  @inlinable public init(file: StaticString, line: UInt) {
    self.file = file
    self.line = line
  }

  /// No known place: line 0 of no file. Kept where an optional would cost a tag check on
  /// every copy.
  ///
  /// ```swift
  /// let site: CallSite = .unknown
  /// ```
  @inlinable public static var unknown: CallSite { CallSite(file: "", line: 0) }

  /// Whether this is ``unknown``.
  public var isUnknown: Bool { line == 0 }

  /// `File.swift:12`, with the module kept: `CartDemo/CartScenario.swift:42`.
  public var description: String { "\(file):\(line)" }

  public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
    lhs.line == rhs.line && lhs.file.description == rhs.file.description
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(file.description)
    hasher.combine(line)
  }
}

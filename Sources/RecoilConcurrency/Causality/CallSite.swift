/// Where in the app's code an operation was asked for: the file and line of a `dispatch` or a
/// `set`, filled in by `#fileID` and `#line` default arguments, so it costs nothing at run time.
///
/// ```swift
/// func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
///   let site = CallSite(file: file, line: line)
///   print(site)  // "CartDemo/CartScenario.swift:42"
/// }
/// ```
///
/// Kept in 16 bytes, plain data, because recordings store one per action and write (a store's
/// action entry fits a cache line): the file is kept as a `PlainText`, the literal's address
/// in the program's constant data and its length.
public struct CallSite: Sendable, Hashable, CustomStringConvertible, BitwiseCopyable {
  @usableFromInline let fileText: PlainText
  /// The line.
  public let lineNumber: UInt32

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
    fileText = PlainText(file)
    lineNumber = UInt32(truncatingIfNeeded: line)
  }

  /// No known place: line 0 of no file. Kept where an optional would cost a tag check on
  /// every copy.
  ///
  /// ```swift
  /// let site: CallSite = .unknown
  /// ```
  @inlinable public static var unknown: CallSite { CallSite(file: "", line: 0) }

  /// Whether this is ``unknown``.
  @inlinable public var isUnknown: Bool { lineNumber == 0 }

  /// The file, as `#fileID` gave it: `Module/File.swift`.
  public var file: String { fileText.string }

  /// The site by where its file name is stored and its line: cheap to hash, for memoizing what
  /// is made of sites. Equal keys are the same site; the same site may have several keys.
  package var storageKey: SIMD2<UInt64> {
    SIMD2(UInt64(fileText.address), UInt64(fileText.length) << 32 | UInt64(lineNumber))
  }

  /// `File.swift:12`, with the module kept: `CartDemo/CartScenario.swift:42`.
  public var description: String { "\(file):\(lineNumber)" }

  public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
    lhs.lineNumber == rhs.lineNumber && lhs.file == rhs.file
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(file)
    hasher.combine(lineNumber)
  }
}

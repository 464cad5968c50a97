/// Where a long drawing tells how far it got: what it is doing, and how many of how many
/// (0 of 0 when it cannot count). Called on the drawing's thread, between pieces of work, so
/// it must be quick; a command line draws a progress line from it.
///
/// ```swift
/// var options = RenderOptions(format: .html)
/// options.progress = RenderProgress { phase, done, total in
///   print("\(phase) \(done) of \(total)")   // laying out 1200 of 3000 neighbourhoods
/// }
/// ```
public final class RenderProgress: Sendable, Equatable {
  private let report: @Sendable (_ phase: String, _ done: Int, _ total: Int) -> Void

  /// Creates a progress receiver.
  ///
  /// ```swift
  /// let progress = RenderProgress { phase, _, _ in print(phase) }
  /// ```
  ///
  /// - Parameter report: Told the phase, how many are done, and of how many.
  public init(_ report: @escaping @Sendable (_ phase: String, _ done: Int, _ total: Int) -> Void) {
    self.report = report
  }

  /// Tells the receiver.
  func callAsFunction(_ phase: String, done: Int = 0, total: Int = 0) {
    report(phase, done, total)
  }

  /// The same receiver: two options are equal only when they tell the same one.
  public static func == (lhs: RenderProgress, rhs: RenderProgress) -> Bool { lhs === rhs }
}

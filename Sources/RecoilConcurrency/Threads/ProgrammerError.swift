/// Stops the process for a misuse of the API (dispatching from inside a reducer, calling a
/// container from inside a getter), saying what went wrong and what to do instead.
///
/// `preconditionFailure`'s message is dropped in optimised builds, where the process would die
/// with only `Illegal instruction`; `fatalError` keeps it, so every such stop goes through here.
///
/// ```swift
/// if calledFromReducer { ProgrammerError.stop("dispatch was called from inside a reducer") }
/// ```
@usableFromInline package enum ProgrammerError {
  @usableFromInline package static func stop(_ message: @autoclosure () -> String) -> Never {
    fatalError(message())
  }
}

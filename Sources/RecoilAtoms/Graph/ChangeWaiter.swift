import RecoilConcurrency

/// A task waiting for a node's state to change (`AtomContainer.value(_:)`, an async getter's
/// read), resumed exactly once: by the change, or by the task's cancellation, whichever comes
/// first.
///
/// Cancellation must not take the container's lock (a task is often cancelled by the
/// container itself, under that lock), so the waiter keeps its continuation behind a lock of
/// its own. A cancelled waiter stays in its slot's list until the next change, which then
/// finds it already resumed.
///
/// ```swift
/// let waiter = ChangeWaiter()
/// await withTaskCancellationHandler {
///   await withCheckedContinuation { waiter.install($0) ?? register(waiter) }
/// } onCancel: { waiter.resume() }
/// ```
final class ChangeWaiter: Sendable {
  private let state = LockedValue<(continuation: CheckedContinuation<Void, Never>?, resumed: Bool)>((nil, false))

  /// Keeps the continuation to resume later. Returns false when the waiter was already
  /// resumed (its task was cancelled first): then the caller resumes the continuation itself.
  func install(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
    state.withLock { state in
      guard !state.resumed else { return false }
      state.continuation = continuation
      return true
    }
  }

  /// Resumes the waiting task, if nothing did yet.
  func resume() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.resumed else { return nil }
      state.resumed = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume()
  }
}
